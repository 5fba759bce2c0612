// Generals (将军棋) - keyboard: scan code set 2 decoder and command FIFO (docs/rules.md §4).
// Bytes from ps2_rx in, 3-bit game commands out through valid/ready.
// Part of the Generals FPGA project, MIT licence.
`default_nettype none
`timescale 1ns / 1ps

module keyboard #(
    parameter integer FIFO_DEPTH_LOG2 = 3    // 8 commands: far more than a person types in one game step
) (
    input  wire        clk,           // 50 MHz system clock
    input  wire        rst,           // synchronous, active high
    input  wire [7:0]  byte_i,        // received scan code byte
    input  wire        byte_valid_i,  // byte_i is new this cycle
    output reg  [2:0]  cmd_o,         // head of the FIFO (its slot's word, even when empty)
    output reg         cmd_valid_o,   // FIFO not empty
    input  wire        cmd_ready_i,   // consumer takes cmd_o this cycle
    output reg  [15:0] ovf_count_o    // commands dropped because the FIFO was full; saturates
);
    /* verilator lint_off UNUSEDPARAM */
    `include "generals_defs.vh"
    /* verilator lint_on UNUSEDPARAM */

    localparam [7:0] SC_PREFIX_E0 = 8'hE0;
    localparam [7:0] SC_BREAK_F0  = 8'hF0;
    localparam [7:0] SC_W     = 8'h1D;
    localparam [7:0] SC_A     = 8'h1C;
    localparam [7:0] SC_S     = 8'h1B;
    localparam [7:0] SC_D     = 8'h23;
    localparam [7:0] SC_SPACE = 8'h29;
    localparam [7:0] SC_Z     = 8'h1A;
    localparam [7:0] SC_UP    = 8'h75;   // after E0
    localparam [7:0] SC_LEFT  = 8'h6B;
    localparam [7:0] SC_DOWN  = 8'h72;
    localparam [7:0] SC_RIGHT = 8'h74;

    localparam integer DEPTH = 1 << FIFO_DEPTH_LOG2;
    localparam [15:0] OVF_MAX = 16'hFFFF;

    // Prefix flags: a code is a break if F0 came before it, an extended key if E0 did.
    reg ext, brk;

    // {hit, command} of a make code after the prefix flags `e` (E0 seen).
    function automatic [3:0] decode(input e, input [7:0] b);
        if (e) begin
            case (b)
                SC_UP:    decode = {1'b1, CMD_W};
                SC_LEFT:  decode = {1'b1, CMD_A};
                SC_DOWN:  decode = {1'b1, CMD_S};
                SC_RIGHT: decode = {1'b1, CMD_D};
                default:  decode = {1'b0, CMD_W};
            endcase
        end else begin
            case (b)
                SC_W:     decode = {1'b1, CMD_W};
                SC_A:     decode = {1'b1, CMD_A};
                SC_S:     decode = {1'b1, CMD_S};
                SC_D:     decode = {1'b1, CMD_D};
                SC_SPACE: decode = {1'b1, CMD_SPACE};
                SC_Z:     decode = {1'b1, CMD_Z};
                default:  decode = {1'b0, CMD_W};
            endcase
        end
    endfunction

    // FIFO: one extra pointer bit tells full from empty.
    reg [2:0]                 mem [0:DEPTH-1];
    // Power-up contents: the head is a defined code even before the first push
    // (it shows on the debug port while the FIFO is empty).
    integer m;
    initial for (m = 0; m < DEPTH; m = m + 1) mem[m] = 3'd0;
    reg [FIFO_DEPTH_LOG2:0]   wr_ptr, rd_ptr;
    // cmd_o is a register that follows mem[rd_ptr], not a wire (docs/rtl-style.md):
    // it changes only with a push into that slot or a pop.
    initial cmd_o = 3'd0;

    // Nothing changes here but when a byte arrives or a command is taken: the
    // branch below is skipped in every other cycle (see docs/rtl-style.md: one
    // flag, block variables). cmd_ready_i is read only here, in clocked logic, so nothing
    // depends on it combinationally.
    always @(posedge clk) begin : fifo
        // see docs/rtl-style.md: block variables (untraced)
        /* verilator tracing_off */
        reg [FIFO_DEPTH_LOG2:0] wr, rd, fill;
        reg [3:0]               dec;        // decode(): {hit, command}
        reg                     pop, want, push;
        /* verilator tracing_on */
        wr = {(FIFO_DEPTH_LOG2+1){1'b0}}; rd = wr; fill = wr; dec = 4'd0;
        pop = 1'b0; want = 1'b0; push = 1'b0;
        if (byte_valid_i || (cmd_ready_i && cmd_valid_o)) begin
            wr   = wr_ptr;
            rd   = rd_ptr;
            fill = wr - rd;
            pop  = cmd_ready_i && cmd_valid_o;
            // A byte that completes a command (prefix bytes never do: no case
            // above matches E0 or F0) is pushed unless the FIFO is full; a push
            // into a full FIFO succeeds when a pop frees a slot in the same cycle.
            dec  = decode(ext, byte_i);
            want = byte_valid_i && !brk && dec[3];
            push = want && (!fill[FIFO_DEPTH_LOG2] || pop);
            if (push) begin
                mem[wr[FIFO_DEPTH_LOG2-1:0]] <= dec[2:0];
                wr_ptr                       <= wr + 1'b1;
            end
            if (pop) rd_ptr <= rd + 1'b1;
            // The new head: the word pushed into the head's slot, else the slot's.
            if (push && wr[FIFO_DEPTH_LOG2-1:0] == rd[FIFO_DEPTH_LOG2-1:0] + {{(FIFO_DEPTH_LOG2-1){1'b0}}, pop})
                cmd_o <= dec[2:0];
            else if (pop)
                cmd_o <= mem[rd[FIFO_DEPTH_LOG2-1:0] + 1'b1];
            cmd_valid_o <= (wr + {{FIFO_DEPTH_LOG2{1'b0}}, push}) != (rd + {{FIFO_DEPTH_LOG2{1'b0}}, pop});
            if (want && !push) begin
                // coverage waiver (branch, else): the overflow counter at 65 535 stops
                //   counting; reaching it takes 65 535 dropped commands (about 7 G
                //   cycles); the counting itself is covered and proved
                //   (formal/keyboard_props.sv)
                if (ovf_count_o != OVF_MAX) ovf_count_o <= ovf_count_o + 1'b1;
            end
            if (byte_valid_i) begin
                ext <= (byte_i == SC_PREFIX_E0) || (ext && byte_i == SC_BREAK_F0);
                brk <= (byte_i == SC_BREAK_F0) || (brk && byte_i == SC_PREFIX_E0);
            end
        end
        if (rst) begin
            ext         <= 1'b0;
            brk         <= 1'b0;
            wr_ptr      <= {(FIFO_DEPTH_LOG2+1){1'b0}};
            rd_ptr      <= {(FIFO_DEPTH_LOG2+1){1'b0}};
            // The head's slot becomes 0, whose word a push in this cycle may write.
            if (push && wr[FIFO_DEPTH_LOG2-1:0] == {FIFO_DEPTH_LOG2{1'b0}})
                cmd_o   <= dec[2:0];
            else
                cmd_o   <= mem[0];
            cmd_valid_o <= 1'b0;
            ovf_count_o <= 16'd0;
        end
    end
endmodule

`default_nettype wire
