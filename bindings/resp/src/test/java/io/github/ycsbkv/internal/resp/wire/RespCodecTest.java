package io.github.ycsbkv.internal.resp.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The RESP writer's bytes and the reader's framing of replies that arrive in pieces. */
class RespCodecTest {

  private static ByteBuf buf(String s) {
    return Unpooled.copiedBuffer(s, StandardCharsets.UTF_8);
  }

  @Test
  void writer_command_isAnArrayOfBulkStrings_withUtf8LengthsInBytes() {
    ByteBuf out = Unpooled.buffer();
    RespWriter.command(out, 3);
    RespWriter.bulk(out, "SET");
    RespWriter.bulk(out, "k\u00e9y");
    RespWriter.bulk(out, new byte[] {1, 2});
    assertEquals("*3\r\n$3\r\nSET\r\n$4\r\nk\u00e9y\r\n$2\r\n\u0001\u0002\r\n", out.toString(StandardCharsets.UTF_8));
    ByteBuf big = Unpooled.buffer();
    RespWriter.command(big, "ZRANGEBYLEX", "idx", "[a", "+", "LIMIT", 0L, 123456L);
    assertEquals("*7\r\n$11\r\nZRANGEBYLEX\r\n$3\r\nidx\r\n$2\r\n[a\r\n$1\r\n+\r\n$5\r\nLIMIT\r\n$1\r\n0\r\n$6\r\n123456\r\n",
        big.toString(StandardCharsets.US_ASCII));
  }

  @Test
  void writer_headersAtAndPastTheLengthsMadeOnce_areWrittenOut() {
    for (int n : new int[] {1023, 1024, 70000}) {
      ByteBuf out = Unpooled.buffer();
      RespWriter.command(out, n);
      RespWriter.bulk(out, new byte[n]);
      RespWriter.bulk(out, "x".repeat(n));
      String expect = "*" + n + "\r\n$" + n + "\r\n" + "\u0000".repeat(n) + "\r\n$" + n + "\r\n" + "x".repeat(n) + "\r\n";
      assertEquals(expect, out.toString(StandardCharsets.US_ASCII), "length " + n);
      assertEquals(RespReader.INCOMPLETE, RespReader.end(out, 0, out.writerIndex()), "an array of " + n + " holding two");
    }
  }

  /**
   * A command given as its arguments' bytes, gathered: the same bytes as the argument-by-argument writes, for
   * arguments around the gathering bound, a command longer than the gathering array, one of 1,024 arguments (its header
   * written out) and an empty argument; a buffer that already holds a command keeps it.
   */
  @Test
  void writer_commandOfArgumentBytes_writesWhatEachArgumentWrittenAloneWould() {
    java.util.SplittableRandom r = new java.util.SplittableRandom(11);
    int[][] shapes = {{3}, {0, 5}, {RespWriter.GATHER - 1, RespWriter.GATHER, RespWriter.GATHER + 1, 2},
        new int[101], new int[1024], {70000, 1, 4096}, new int[40]};
    java.util.Arrays.fill(shapes[3], 4);
    java.util.Arrays.fill(shapes[4], 2);
    java.util.Arrays.fill(shapes[6], RespWriter.GATHER - 1);
    for (int[] lengths : shapes) {
      byte[][] args = new byte[lengths.length][];
      for (int i = 0; i < args.length; i++) {
        args[i] = new byte[lengths[i]];
        for (int b = 0; b < args[i].length; b++) {
          args[i][b] = (byte) r.nextInt(256);
        }
      }
      ByteBuf alone = Unpooled.buffer().writeBytes(new byte[] {'+', 'x'});
      RespWriter.command(alone, args.length);
      for (byte[] a : args) {
        RespWriter.bulk(alone, a);
      }
      // Into a direct buffer, one of the allocator the connections use and a heap buffer, each grown from 16 bytes.
      ByteBuf[] into = {Unpooled.directBuffer(16), io.netty.buffer.ByteBufAllocator.DEFAULT.ioBuffer(16),
          Unpooled.buffer(16)};
      for (ByteBuf gathered : into) {
        gathered.writeBytes(new byte[] {'+', 'x'});
        RespWriter.command(gathered, args);
        assertEquals(ByteBufUtil.hexDump(alone), ByteBufUtil.hexDump(gathered), java.util.Arrays.toString(lengths)
            + " into " + gathered.getClass().getSimpleName());
        assertEquals(alone.writerIndex(), RespReader.end(gathered, 2, gathered.writerIndex()) == RespReader.INCOMPLETE
            ? -1 : RespReader.end(gathered, 2, gathered.writerIndex()), "one whole command after the first bytes");
        gathered.release();
      }
    }
  }

  @Test
  void end_findsEachCompleteReply_andNothingInAPartialOne() {
    String replies = "+OK\r\n$5\r\nhello\r\n$-1\r\n:42\r\n*2\r\n$1\r\na\r\n*1\r\n:7\r\n-ERR no\r\n%1\r\n+k\r\n+v\r\n_\r\n";
    ByteBuf b = buf(replies);
    int[] ends = {5, 16, 21, 26, 45, 54, 66, 69};
    int at = 0;
    for (int end : ends) {
      assertEquals(end, RespReader.end(b, at, b.writerIndex()));
      at = end;
    }
    // Every cut short of a reply's end is incomplete, wherever it falls (inside a length, a value or a CR LF).
    at = 0;
    for (int end : ends) {
      for (int cut = at; cut < end; cut++) {
        assertEquals(RespReader.INCOMPLETE, RespReader.end(b, at, cut), "cut at " + cut);
      }
      at = end;
    }
  }

  @Test
  void reader_readsValues_nullsErrorsAndAggregates() {
    ByteBuf b = buf("$5\r\nhello\r\n$-1\r\n:-42\r\n*3\r\n$1\r\na\r\n$-1\r\n:1\r\n-WRONGTYPE x\r\n*-1\r\n");
    RespReader r = new RespReader().at(b, 0);
    assertArrayEquals("hello".getBytes(StandardCharsets.US_ASCII), r.bytes());
    assertTrue(r.isNull());
    assertNull(r.bytes());
    assertEquals(-42, r.integer());
    assertEquals(List.of("a", "null", "1"), ((List<?>) r.value()).stream()
        .map(o -> o instanceof byte[] x ? new String(x, StandardCharsets.US_ASCII) : String.valueOf(o)).toList());
    assertTrue(r.isError());
    RespException e = assertThrows(RespException.class, r::value);
    assertEquals("WRONGTYPE x", e.getMessage());
    assertTrue(e.serverError());
    assertEquals(-1, r.aggregate());
  }

  @Test
  void end_refusesBytesThatAreNotResp() {
    RespException e = assertThrows(RespException.class, () -> RespReader.end(buf("HTTP/1.1 400\r\n"), 0, 14));
    assertEquals("not a RESP reply (type byte 72)", e.getMessage());
  }

  @Test
  void ringSize_isAPowerOfTwo_twiceTheConnections_between256And4096() {
    assertEquals(256, RespTransport.ringSize(1));
    assertEquals(256, RespTransport.ringSize(128));
    assertEquals(512, RespTransport.ringSize(129));
    assertEquals(4096, RespTransport.ringSize(100_000));
  }

  @Test
  void completionQueue_fourEntriesPerConnection_atLeastTwiceTheRing_atMostIoUringsLargest() {
    assertEquals(16_384, RespTransport.completionQueueSize(1, 256), "the floor: later lanes add their connections");
    assertEquals(32_768, RespTransport.completionQueueSize(5_000, 4096), "5,000 connections");
    assertEquals(65_536, RespTransport.completionQueueSize(1_000_000, 4096));
  }
}
