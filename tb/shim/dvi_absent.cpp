// Stands in for dvi_shim.cpp in a build without the DVI encoders' model (the
// coverage build, which measures the core).
#include "shim.h"

extern "C" {
dvi_model *dvi_new(void) { return nullptr; }
void dvi_free(dvi_model *) {}
int dvi_coverage_write(dvi_model *, const char *) { return -1; }
uint64_t dvi_run(dvi_model *, const uint64_t *, uint64_t, dvi_pixel *) { return 0; }
}
