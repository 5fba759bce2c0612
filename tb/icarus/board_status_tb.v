// Test bench for rtl/board_status.v under Icarus (tests/board_status.rs): the
// outputs right after reset, then one line per case of +cases=FILE (lines of
// "phase player round kbd_err", decimal), each printed once the module has had
// time for two whole conversions. The Rust test holds the expected values.
`default_nettype none
`timescale 1ns / 1ps

module board_status_tb;
    localparam integer SETTLE_CYCLES = 40;   // two conversions of 17 cycles, and some

    reg         clk = 1'b0;
    reg         rst = 1'b1;
    reg  [1:0]  phase = 2'd0;
    reg  [1:0]  player = 2'd0;
    reg  [15:0] round = 16'd0;
    reg  [15:0] kbd_err = 16'd0;
    wire [6:0]  hex0, hex1, hex2, hex3, hex4;
    wire [17:0] ledr;
    wire [8:0]  ledg;

    board_status dut (
        .clk(clk), .rst(rst), .phase_i(phase), .player_i(player), .round_i(round),
        .kbd_err_i(kbd_err), .hex0_o(hex0), .hex1_o(hex1), .hex2_o(hex2),
        .hex3_o(hex3), .hex4_o(hex4), .ledr_o(ledr), .ledg_o(ledg)
    );

    always #10 clk = ~clk;

    task automatic show;
        $display("%h %h %h %h %h %h %h", hex0, hex1, hex2, hex3, hex4, ledr, ledg);
    endtask

    integer fd, n, i, p, pl, r, e;
    reg [8*256-1:0] path;
    initial begin
        if (!$value$plusargs("cases=%s", path)) begin
            $display("error: +cases=FILE missing");
            $finish;
        end
        fd = $fopen(path, "r");
        if (fd == 0) begin
            $display("error: cannot open the cases file");
            $finish;
        end
        repeat (3) @(posedge clk);
        #1 show;
        rst = 1'b0;
        n = $fscanf(fd, "%d %d %d %d\n", p, pl, r, e);
        while (n == 4) begin
            phase   = p[1:0];
            player  = pl[1:0];
            round   = r[15:0];
            kbd_err = e[15:0];
            for (i = 0; i < SETTLE_CYCLES; i = i + 1) @(posedge clk);
            #1 show;
            n = $fscanf(fd, "%d %d %d %d\n", p, pl, r, e);
        end
        $fclose(fd);
        $finish;
    end
endmodule

`default_nettype wire
