// Stands in for top_shim.cpp in a build without the board top's model
// (GENERALS_BOARD_TOP=0, as the mutation runs and the coverage build build).
#include "shim.h"

extern "C" {
top_model *top_new(void) { return nullptr; }
void top_free(top_model *) {}
int top_coverage_write(top_model *, const char *) { return -1; }
void top_tick(top_model *, const top_in *, top_out *) {}
}
