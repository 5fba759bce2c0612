// Generals (将军棋) - button_props: formal properties of button (docs/rules.md §3).
// Wraps the RTL module as it is; every property watches its pins against an observer
// of its own, and reads an internal register only as a helper for the induction.
// Part of the Generals FPGA project, MIT licence.
`default_nettype none

module button_props #(
    // Small, so that a proof covers a whole debounce many times over; the logic
    // is the same for 50 000 (one counter compared with DEBOUNCE_CYCLES - 1, and
    // both widths leave spare counter values: 3 bits for 5, 16 bits for 50 000).
    parameter integer DEBOUNCE_CYCLES = 5
) (
    input wire clk,
    input wire key_n    // anything at all, in every cycle: a bouncing contact
);
    localparam integer D = DEBOUNCE_CYCLES;
    wire pressed_o, press_o;
    button #(.DEBOUNCE_CYCLES(D)) dut (
        .clk      (clk),
        .key_n    (key_n),
        .pressed_o(pressed_o),
        .press_o  (press_o)
    );

    // ---- observer ---------------------------------------------------------------------
    // The input as the debouncer sees it: the key through two flip-flops (the
    // observer's own, with the design's power-up values), 1 = pressed.
    reg k_meta = 1'b0, k_s = 1'b0;
    always @(posedge clk) begin
        k_meta <= key_n;
        k_s    <= k_meta;
    end
    wire raw = ~k_s;
    // run: how many cycles in a row, this one included, raw has had its present
    // value (saturating: only "at least D + 1" matters).
    localparam integer RUN_MAX = D + 2;
    reg [7:0] run = 8'd1;
    always @(posedge clk)
        run <= (~k_meta != raw) ? 8'd1 : (run == RUN_MAX[7:0]) ? run : run + 8'd1;
    reg prev_pressed = 1'b0;            // pressed_o in the cycle before (power-up 0)
    reg released = 1'b1;                // the level has been low since the last press pulse
    always @(posedge clk) begin
        prev_pressed <= pressed_o;
        if (press_o) released <= 1'b0;
        else if (!pressed_o) released <= 1'b1;
    end
    reg [1:0] presses = 2'd0;           // press pulses so far (saturating)
    always @(posedge clk) if (press_o && presses != 2'd3) presses <= presses + 2'd1;
    reg [7:0] prev_run = 8'd0;          // run in the cycle before
    reg       prev_raw = 1'b1;
    always @(posedge clk) begin
        prev_run <= run;
        prev_raw <= raw;
    end

    // ---- properties -------------------------------------------------------------------
    // The debounced level changes only once the input has held the new level for
    // D cycles in a row, and then takes that level.
    always @(*) if (pressed_o != prev_pressed)
        level_only_after_stable: assert(prev_run >= D && pressed_o == prev_raw);
    // ... and it does change then: an input stable for D + 1 cycles is the level.
    always @(*) if (run >= D + 1)
        level_follows_stable: assert(pressed_o == raw);
    // START: one pulse in the cycle the level rises, never else (so none while held).
    always @(*) press_is_rise: assert(press_o == (pressed_o && !prev_pressed));
    always @(*) if (press_o) one_pulse_per_press: assert(released);

    // Helpers for the induction (the counter's meaning): while the input disagrees
    // with the level, the counter holds how long it has disagreed so far.
    always @(*) if (raw != dut.level) cnt_counts_disagreement: assert(dut.cnt == run - 8'd1);
    always @(*) if (raw == dut.level && run > 1) cnt_idle: assert(dut.cnt == 0);
    always @(*) level_is_output: assert(dut.level == pressed_o);

    // ---- covers: none of the above is vacuous -----------------------------------------
    always @(*) begin
        cover_press:   cover(press_o);
        cover_release: cover(!pressed_o && prev_pressed);
        // the shortest press: the level rises after exactly D stable cycles
        cover_exact:   cover(pressed_o && !prev_pressed && prev_run == D);
        // a bounce of D - 1 cycles changes nothing
        cover_bounce:  cover(raw == pressed_o && prev_raw != pressed_o && prev_run == D - 1);
        // a second press after a release
        cover_again:   cover(press_o && presses == 2'd1);
    end
endmodule

`default_nettype wire
