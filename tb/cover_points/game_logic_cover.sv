// Cover points of the game engine (docs/rules.md sections 3 and 5), bound into
// game_logic in the coverage build; not part of the design.
`default_nettype none
`timescale 1ns / 1ps

module game_logic_cover #(
    // The engine's states, from rtl/game_logic.v (the bind below hands them over).
    parameter logic [3:0] READY = 0, CLEAR = 0, LOAD = 0, FILL = 0, PEND = 0, START = 0,
                          SPACE = 0, MV_SRC = 0, MV_TGT = 0, W_SRC = 0, W_TGT = 0,
                          COMMIT = 0, CHECK = 0, GROW = 0
) (
    input logic       clk,
    input logic       rst,
    input logic [3:0] st_q,
    input logic [1:0] pass_cand_q,
    input logic [1:0] phase_o,
    input logic [1:0] winner_o,
    input logic       hold_i,
    input logic       kbd_valid_i,
    input logic       bot_valid_i,
    input logic [15:0] round_o
);
    /* verilator lint_off UNUSEDPARAM */
    `include "generals_defs.vh"
    /* verilator lint_on UNUSEDPARAM */

    logic [3:0] st_prev;
    logic [1:0] cand_prev, phase_prev;
    always_ff @(posedge clk) begin
        st_prev    <= st_q;
        cand_prev  <= pass_cand_q;
        phase_prev <= phase_o;
    end

    st_ready:  cover property (@(posedge clk) !rst && st_q == READY  && st_prev != READY);
    st_clear:  cover property (@(posedge clk) !rst && st_q == CLEAR  && st_prev != CLEAR);
    st_load:   cover property (@(posedge clk) !rst && st_q == LOAD   && st_prev != LOAD);
    st_fill:   cover property (@(posedge clk) !rst && st_q == FILL   && st_prev != FILL);
    st_pend:   cover property (@(posedge clk) !rst && st_q == PEND   && st_prev != PEND);
    st_start:  cover property (@(posedge clk) !rst && st_q == START  && st_prev != START);
    st_space:  cover property (@(posedge clk) !rst && st_q == SPACE  && st_prev != SPACE);
    st_mv_src: cover property (@(posedge clk) !rst && st_q == MV_SRC && st_prev != MV_SRC);
    st_mv_tgt: cover property (@(posedge clk) !rst && st_q == MV_TGT && st_prev != MV_TGT);
    st_w_src:  cover property (@(posedge clk) !rst && st_q == W_SRC  && st_prev != W_SRC);
    st_w_tgt:  cover property (@(posedge clk) !rst && st_q == W_TGT  && st_prev != W_TGT);
    st_commit: cover property (@(posedge clk) !rst && st_q == COMMIT && st_prev != COMMIT);
    st_check:  cover property (@(posedge clk) !rst && st_q == CHECK  && st_prev != CHECK);
    st_grow:   cover property (@(posedge clk) !rst && st_q == GROW   && st_prev != GROW);
    // The scan found the candidate without a move: an automatic pass.
    automatic_pass: cover property (@(posedge clk) !rst && st_q == CHECK && st_prev == CHECK
                                    && pass_cand_q != cand_prev);
    capital_captured_by_red:  cover property (@(posedge clk) !rst && phase_o == PH_OVER
                                              && phase_prev == PH_PLAYING && winner_o == PL_RED);
    capital_captured_by_blue: cover property (@(posedge clk) !rst && phase_o == PH_OVER
                                              && phase_prev == PH_PLAYING && winner_o == PL_BLUE);
    held_by_video_with_a_command: cover property (@(posedge clk) !rst && hold_i && st_q == READY
                                                  && (kbd_valid_i || bot_valid_i));
    round_past_255: cover property (@(posedge clk) !rst && round_o > 16'd255);
endmodule

bind game_logic game_logic_cover #(
    .READY(ST_READY), .CLEAR(ST_CLEAR), .LOAD(ST_LOAD), .FILL(ST_FILL), .PEND(ST_PEND),
    .START(ST_START), .SPACE(ST_SPACE), .MV_SRC(ST_MV_SRC), .MV_TGT(ST_MV_TGT),
    .W_SRC(ST_W_SRC), .W_TGT(ST_W_TGT), .COMMIT(ST_COMMIT), .CHECK(ST_CHECK), .GROW(ST_GROW)
) u_cover (
    .clk(clk), .rst(rst), .st_q(st_q), .pass_cand_q(pass_cand_q), .phase_o(phase_o),
    .winner_o(winner_o), .hold_i(hold_i), .kbd_valid_i(kbd_valid_i),
    .bot_valid_i(bot_valid_i), .round_o(round_o)
);

`default_nettype wire
