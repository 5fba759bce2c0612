// Stands in for mutants_shim.cpp in a build without the generated mutants'
// design (GENERALS_MUTANTS_DESIGN unset, every build but scripts/mutants
// --generate's): there is no such model to open.
#include "shim.h"

extern "C" core_model *core_new_mutant(uint32_t) { return nullptr; }
extern "C" uint32_t core_mutants(void) { return 0; }
