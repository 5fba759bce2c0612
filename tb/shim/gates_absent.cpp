// Stands in for gates_shim.cpp in a build without the gate-level model
// (GENERALS_NETLIST=0, as scripts/mutants builds): there is no netlist to open.
#include "shim.h"

extern "C" core_model *core_new_gates(uint32_t) { return nullptr; }
