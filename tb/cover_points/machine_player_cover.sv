// Cover points of the machine player (docs/rules.md §11), bound into
// machine_player in the coverage build; not part of the design.
`default_nettype none
`timescale 1ns / 1ps

module machine_player_cover #(
    // From rtl/machine_player.v (the bind below hands them over).
    parameter logic [3:0] M_TYPE = 0,
    parameter logic [1:0] WIN = 0, CAPTURE = 0, TRANSFER = 0, ATTACK = 0
) (
    input logic       clk,
    input logic       rst,
    input logic [3:0] st,
    input logic       best_v,
    input logic [9:6] best         // the chosen key's {class, tower, enemy}: key_of()
);
    logic [3:0] st_prev;
    always_ff @(posedge clk) st_prev <= st;
    // The move chosen, as typing begins.
    wire chosen = !rst && st == M_TYPE && st_prev != M_TYPE && best_v;

    chose_win:           cover property (@(posedge clk) chosen && best[9:8] == WIN);
    chose_capture:       cover property (@(posedge clk) chosen && best[9:8] == CAPTURE);
    chose_capture_tower: cover property (@(posedge clk) chosen && best[9:8] == CAPTURE && best[7]);
    chose_capture_enemy: cover property (@(posedge clk) chosen && best[9:8] == CAPTURE && best[6]);
    chose_transfer:      cover property (@(posedge clk) chosen && best[9:8] == TRANSFER);
    chose_attack:        cover property (@(posedge clk) chosen && best[9:8] == ATTACK);
endmodule

bind machine_player machine_player_cover #(
    .M_TYPE(M_TYPE), .WIN(CLASS_WIN), .CAPTURE(CLASS_CAPTURE), .TRANSFER(CLASS_TRANSFER),
    .ATTACK(CLASS_ATTACK)
) u_cover (
    .clk(clk), .rst(rst), .st(st), .best_v(best_v), .best(best[9:6])
);

`default_nettype wire
