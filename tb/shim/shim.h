/* C ABI around the Verilated models, for bindgen. One tick = one 50 MHz clock
 * cycle: inputs applied, rising edge evaluated, outputs copied, falling edge. */
#ifndef GENERALS_SHIM_H
#define GENERALS_SHIM_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

/* ---- RTL parameters, read back from the Verilated models -------------------
 * tb/shim/params.vlt makes them visible; the bench sizes its drivers and
 * scoreboards from these, never from a copied number. */
typedef struct {
    uint32_t filter_cycles;   /* ps2_rx: shorter ps2_clk pulses are glitches */
    uint32_t timeout_cycles;  /* ps2_rx: silence that ends a frame */
    uint32_t arm_cycles;      /* ps2_rx: idle bus after reset before a start bit counts */
    uint32_t fifo_depth;      /* keyboard: command FIFO entries */
} kbd_params;
typedef struct {
    kbd_params kbd;
    uint32_t debounce_cycles; /* button: both buttons */
    uint32_t por_cycles;      /* generals_core: power-on reset */
    uint32_t bot_gap;         /* machine_player: cycles before each command */
} core_params;

/* ---- kbd_frontend: the PS/2 receiver and decoder alone ---- */
typedef struct kbd_model kbd_model;
typedef struct {
    uint8_t ps2_clk;
    uint8_t ps2_dat;
    uint8_t rst;
    uint8_t cmd_ready;
} kbd_in;
typedef struct {
    uint8_t cmd;
    uint8_t cmd_valid;
    uint8_t byte_;
    uint8_t byte_valid;
    uint16_t err_count;
    uint16_t ovf_count;
} kbd_out;
kbd_model *kbd_new(void);
void kbd_free(kbd_model *m);
/* Opens an FST waveform; returns 0 on success. */
int kbd_trace_open(kbd_model *m, const char *path);
/* The coverage build (GENERALS_COVERAGE): writes the model's coverage counts
   (Verilator's coverage.dat format) to `path`; 0, or -1 in a build without. */
int kbd_coverage_write(kbd_model *m, const char *path);
void kbd_tick(kbd_model *m, const kbd_in *in, kbd_out *out);
/* Up to `max` cycles (max >= 1) with the inputs of `in`, stopping after the
 * first cycle whose outputs differ from those of the cycle before the burst.
 * Returns the number of cycles q whose outputs held; the cycles stepped are
 * q + 1 when q < max, else q. `out` holds the outputs of the last cycle. */
uint64_t kbd_burst(kbd_model *m, const kbd_in *in, uint64_t max, kbd_out *out);
void kbd_get_params(kbd_params *p);

/* ---- generals_core: the whole game ---- */
#define CORE_CELLS 100
typedef struct core_model core_model;
typedef struct {
    uint8_t key_reset_n;
    uint8_t key_start_n;
    uint8_t ps2_clk;
    uint8_t ps2_dat;
    uint8_t sw;          /* slide switches: bit 0 machine plays Red, bit 1 Blue */
} core_in;
typedef struct {
    uint8_t vga_r, vga_g, vga_b;
    uint8_t vga_hs_n, vga_vs_n, vga_blank_n, vga_sync_n, vga_clk;
    uint8_t rst, draw, applied, cmd, cmd_src, seats, started, snapshot;
    uint8_t kbd_byte, kbd_byte_valid, kbd_cmd, kbd_cmd_valid, kbd_cmd_ready;
    uint16_t kbd_err, kbd_ovf;
    uint8_t we, waddr; /* board RAM write port */
    uint16_t wdata;
    /* The debug port's scalars packed in one word (one copy, one compare per
     * cycle; CoreOut's methods unpack them), at the CORE_SCALAR_* bits below. */
    uint64_t scalars;
} core_out;

/* The one home of the scalars' layout in core_out.scalars: each field's
 * lowest bit and width. The shim packs by it (core_model.h), the bench
 * unpacks and packs the golden state by it (bindgen hands these to Rust),
 * and tests/icarus.rs checks that tb/icarus/replay_tb.v's concatenation
 * agrees. */
#define CORE_SCALAR_PHASE_LSB 0
#define CORE_SCALAR_PHASE_W 2
#define CORE_SCALAR_WINNER_LSB 2
#define CORE_SCALAR_WINNER_W 2
#define CORE_SCALAR_PLAYER_LSB 4
#define CORE_SCALAR_PLAYER_W 2
#define CORE_SCALAR_FIRST_LSB 6
#define CORE_SCALAR_FIRST_W 2
#define CORE_SCALAR_MODE_LSB 8
#define CORE_SCALAR_MODE_W 2
#define CORE_SCALAR_CURSOR_RED_LSB 10
#define CORE_SCALAR_CURSOR_RED_W 8
#define CORE_SCALAR_CURSOR_BLUE_LSB 18
#define CORE_SCALAR_CURSOR_BLUE_W 8
#define CORE_SCALAR_ROUND_LSB 26
#define CORE_SCALAR_ROUND_W 16
#define CORE_SCALAR_MAP_LSB 42
#define CORE_SCALAR_MAP_W 7
#define CORE_SCALAR_BITS 49

/* The one home of the levels byte of a recorded stimulus (one cycle's input
 * pins: tb/bench/env/stimulus.rs's file format, core_replay below, the lockstep
 * harness; tests/icarus.rs checks tb/icarus/replay_tb.v against it): each
 * pin's bit, the switches two bits from CORE_LEVEL_SW. */
#define CORE_LEVEL_KEY_RESET_N 0
#define CORE_LEVEL_KEY_START_N 1
#define CORE_LEVEL_PS2_CLK 2
#define CORE_LEVEL_PS2_DAT 3
#define CORE_LEVEL_SW 4
#define CORE_LEVEL_BITS 6
/* Byte lanes of a core_burst pin word: the colour, then 0 or 1 for each pin. */
#define CORE_PIN_R 0
#define CORE_PIN_G 8
#define CORE_PIN_B 16
#define CORE_PIN_HS_N 24
#define CORE_PIN_VS_N 32
#define CORE_PIN_BLANK_N 40
#define CORE_PIN_SYNC_N 48
#define CORE_PIN_CLK 56
core_model *core_new(void);
/* A model whose registers without a power-up value start random (seed != 0). */
core_model *core_new_random_init(uint32_t seed);
/* The gate-level netlist of generals_core (yosys synthesis of the same RTL),
 * with random power-up values when seed != 0; null when this build has no
 * netlist model (built with GENERALS_NETLIST=0). */
core_model *core_new_gates(uint32_t seed);
/* The ECP5 netlist of generals_core (yosys synth_ecp5 of the same RTL: the
 * netlist that becomes the bitstream, its cells simulated by the models of
 * tb/ecp5/), with random power-up values when seed != 0 where its cells have
 * none of their own; null when this build has no ECP5 netlist model (built
 * with GENERALS_ECP5_NETLIST=0 or GENERALS_NETLIST=0). */
core_model *core_new_ecp5(uint32_t seed);
/* The design with the generated mutants (scripts/mutants --generate), with
 * mutant `mutant` active (0: none, the design as written); null when this
 * build has none (GENERALS_MUTANTS_DESIGN unset at build time). */
core_model *core_new_mutant(uint32_t mutant);
/* How many mutants that design holds (0 when the build has none). */
uint32_t core_mutants(void);
void core_get_params(core_params *p);
void core_free(core_model *m);
int core_trace_open(core_model *m, const char *path);
void core_trace_close(core_model *m);
/* As kbd_coverage_write. */
int core_coverage_write(core_model *m, const char *path);
void core_tick(core_model *m, const core_in *in, core_out *out);
/* A plain C++ loop over recorded pin levels, no checks: run i holds
 * levels[i] (the CORE_LEVEL_* bits) for
 * counts[i] cycles. Fills `out` after the last cycle. */
void core_replay(core_model *m, const uint32_t *counts, const uint8_t *levels, uint64_t runs,
                 core_out *out);
/* Up to `max` cycles (max >= 1) with the pins of `in`, stopping after the first
 * loud cycle: one in which an output other than the VGA pins and the draw
 * counter differs from its value in the cycle before the burst (the model's
 * outputs on entry, which `out` holds as the caller last read them), or the
 * draw counter does not step by one from the cycle before, wrapping through
 * `draw_mask` (its modulus minus one, the modulus a power of two). Returns the number of quiet cycles q; the cycles stepped are q + 1
 * when q < max (the last one loud), else q. For each quiet cycle i, pins[i]
 * holds the VGA pins, one byte each (CORE_PIN_*), and the draw counter is its
 * value before the burst plus i + 1; `out` holds the outputs of the last cycle
 * stepped. `flags`: CORE_BURST_STREAM writes the pin words with non-temporal
 * stores (x86-64's movnti; plain stores elsewhere), for another thread to
 * read after the caller's store fence; CORE_BURST_GENERAL takes the loop that
 * watches any layout of the outputs even where the model's is the known one
 * (tests hold it to the same cycles). */
#define CORE_BURST_STREAM 1
#define CORE_BURST_GENERAL 2
uint64_t core_burst(core_model *m, const core_in *in, uint64_t max, uint8_t draw_mask,
                    core_out *out, uint64_t *pins, uint8_t flags);
/* The 100 board cells as the board RAM holds them now (13-bit words). */
void core_read_board(const core_model *m, uint16_t cells[CORE_CELLS]);
/* A test's backdoor: writes cell `idx` (0..99) with `bits` (13-bit cell word)
   in the board RAM and in the machine player's copy of it, between two
   cycles, as no port of the design could. Tests use it to set up positions a
   game reaches only after hundreds of rounds (docs/rules.md §5's automatic pass,
   a capital under attack); the bench writes the golden state alike. 0, or -1
   for the netlists (their RAMs are named otherwise) or an index past 99. */
int core_poke_cell(core_model *m, uint8_t idx, uint16_t bits);
/* A test's backdoor: sets the game's round number to `round` between two
   cycles, for the panel's largest rounds (docs/display.md, "Side panel") and
   growth at a 16-round boundary without playing every round before it; the
   bench writes the golden state alike. 0, or -1 for the models with no such
   backdoor (the netlists and the generated mutants' design, whose round
   register is split into bits). */
int core_poke_round(core_model *m, uint16_t round);

/* ---- de2_115_top: the board's top, through its pins ---- */
typedef struct top_model top_model;
typedef struct {
    uint8_t key;      /* KEY[1:0], low while pressed: bit 0 RESET, bit 1 START */
    uint8_t sw;       /* SW[1:0] */
    uint8_t ps2_clk, ps2_dat;
} top_in;
typedef struct {
    uint8_t vga_r, vga_g, vga_b, vga_hs, vga_vs, vga_blank_n, vga_sync_n, vga_clk;
    uint8_t hex[8];   /* HEX0..HEX7, segments a..g on bits 0..6, lit when low */
    uint32_t ledr;    /* LEDR[17:0] */
    uint16_t ledg;    /* LEDG[8:0] */
} top_out;
/* NULL in a build without the board top (GENERALS_BOARD_TOP=0). */
top_model *top_new(void);
void top_free(top_model *m);
/* One 50 MHz cycle with these pins; the outputs after it. */
void top_tick(top_model *m, const top_in *in, top_out *out);
/* As kbd_coverage_write. */
int top_coverage_write(top_model *m, const char *path);

/* ---- dvi_tmds: the ULX3S's DVI encoders (docs/board.md (the ULX3S)), run beside the core
 * and fed by its VGA pins ---- */
typedef struct dvi_model dvi_model;
typedef struct {
    uint32_t at;        /* index in the run given of a cycle with vga_clk high */
    uint16_t lane[3];   /* the symbols after it: blue, green, red (bit 0 first) */
} dvi_pixel;
/* A fresh model, or null in a build without it (the coverage build). */
dvi_model *dvi_new(void);
void dvi_free(dvi_model *m);
/* As kbd_coverage_write. */
int dvi_coverage_write(dvi_model *m, const char *path);
/* Clocks the encoders through n cycles whose inputs are the VGA pins of
 * pins[i] (core_burst's pin words, CORE_PIN_*); for each cycle with vga_clk
 * high (a pixel the encoders take), writes the symbols after it into out,
 * which has room for n. Returns how many it wrote. */
uint64_t dvi_run(dvi_model *m, const uint64_t *pins, uint64_t n, dvi_pixel *out);

#ifdef __cplusplus
}
#endif
#endif
