// Test bench for rtl/tmds_encoder.v under Icarus (tests/tmds.rs): drives the encoder
// with the stimulus of +stim=FILE, a $readmemh image of +steps=N words, one word a
// clock cycle, {ce, de, c[1:0], d[7:0]} (12 bits, three hex digits). Prints q before
// the first edge, then q just after each edge, one symbol a line (three hex digits).
// The Rust test makes the stimulus and holds the expected symbols.
`default_nettype none
`timescale 1ns / 1ps

module tmds_tb;
    localparam integer MAX_STEPS   = 1 << 18;   // the stimulus memory's words
    localparam integer HALF_PERIOD = 10;        // ns: the core's 50 MHz clock
    localparam integer SAMPLE      = 1;         // ns after an edge: inputs change, q is read

    reg        clk = 1'b0;
    reg        ce  = 1'b0;
    reg        de  = 1'b0;
    reg  [7:0] d   = 8'd0;
    reg  [1:0] c   = 2'd0;
    wire [9:0] q;

    reg [11:0] stim [0:MAX_STEPS-1];

    tmds_encoder dut (.clk(clk), .ce(ce), .de(de), .d(d), .c0(c[0]), .c1(c[1]), .q(q));

    always #HALF_PERIOD clk = ~clk;

    integer n, i;
    reg [8*256-1:0] path;
    initial begin
        if (!$value$plusargs("stim=%s", path) || !$value$plusargs("steps=%d", n)) begin
            $display("error: +stim=FILE and +steps=N needed");
            $finish;
        end
        if (n < 1 || n > MAX_STEPS) begin
            $display("error: +steps=%0d outside 1..%0d", n, MAX_STEPS);
            $finish;
        end
        $readmemh(path, stim, 0, n - 1);
        $display("%h", q);
        for (i = 0; i < n; i = i + 1) begin
            {ce, de, c, d} = stim[i];
            @(posedge clk);
            #SAMPLE $display("%h", q);
        end
        $finish;
    end
endmodule

`default_nettype wire
