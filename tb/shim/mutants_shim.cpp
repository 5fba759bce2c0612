// The design with the generated mutants (scripts/mutants --generate): yosys's
// `mutate` put N mutations into one flattened copy of generals_core, each
// behind the selector `mutsel`; built by build.rs when
// GENERALS_MUTANTS_DESIGN names that design. Behind the same C ABI as the RTL
// (see shim.h and core_model.h), with the selector `mutsel` set once, before
// the first cycle: 0 is the design without a mutation.
#include "Vgenerals_mutants.h"
#include "Vgenerals_mutants___024root.h"
#include "core_model.h"

using Mutants = CoreModelOf<Vgenerals_mutants>;

// Flattening names the RAM `\u_game.board`; Verilator writes the '.' as __02e.
template <>
void Mutants::read_board(uint16_t cells[CORE_CELLS]) const {
    const auto &mem = m.top.rootp->generals_core__DOT__u_game__02eboard;
    for (int i = 0; i < CORE_CELLS; i++) cells[i] = mem[i];
}

// The backdoor, as the RTL's: both copies of a cell, the board RAM and the
// machine player's mirror of it (flattened, `\u_bot.mem`).
template <>
int Mutants::poke_cell(uint8_t idx, uint16_t bits) {
    if (idx >= CORE_CELLS) return -1;
    m.top.rootp->generals_core__DOT__u_game__02eboard[idx] = bits;
    m.top.rootp->generals_core__DOT__u_bot__02emem[idx] = bits;
    return 0;
}

// No round backdoor: the mutations split the round register into bits, which
// of them depends on the sample, and dbg_round is made from them.
template <>
int Mutants::poke_round(uint16_t) {
    return -1;
}

extern "C" core_model *core_new_mutant(uint32_t mutant) {
    auto *model = new Mutants("generals_mutants", 0);
    // A register that only holds its value (scripts/mutants writes it so):
    // set here, before the first cycle, it selects the mutant for the run.
    model->m.top.rootp->generals_core__DOT__mutsel = mutant;
    model->m.top.eval();
    return model;
}

extern "C" uint32_t core_mutants(void) { return GENERALS_MUTANTS; }
