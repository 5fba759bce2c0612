/* C ABI around the Verilated models, for bindgen. One tick = one 50 MHz clock
 * cycle: inputs applied, rising edge evaluated, outputs copied, falling edge. */
#ifndef GENERALS_SHIM_H
#define GENERALS_SHIM_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

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
void kbd_trace_close(kbd_model *m);
void kbd_tick(kbd_model *m, const kbd_in *in, kbd_out *out);

#ifdef __cplusplus
}
#endif
#endif
