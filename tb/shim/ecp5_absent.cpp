// Stands in for ecp5_shim.cpp in a build without the ECP5 netlist model
// (GENERALS_ECP5_NETLIST=0 or GENERALS_NETLIST=0, and the coverage build):
// there is no netlist to open.
#include "shim.h"

extern "C" core_model *core_new_ecp5(uint32_t) { return nullptr; }
