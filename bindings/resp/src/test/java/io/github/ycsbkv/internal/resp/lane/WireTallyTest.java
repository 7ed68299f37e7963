package io.github.ycsbkv.internal.resp.lane;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class WireTallyTest {

  @Test
  void aCommandCall_addsWhatItWroteAndWhatItsReplyTook_onceAsItCompletes() {
    WireTally tally = new WireTally();
    CommandCall c = new CommandCall("k", new byte[][] {"GET".getBytes(StandardCharsets.US_ASCII),
        "k".getBytes(StandardCharsets.US_ASCII)}, null, tally);
    io.netty.buffer.ByteBuf out = io.netty.buffer.Unpooled.buffer();
    c.writeTo(out);
    assertArrayEquals(new long[] {0, 0, 0}, tally.counts(), "nothing before it completes");
    String reply = "$3\r\nabc\r\n";
    c.bytesReceived += reply.length(); // as the connection adds each reply it decodes for the call
    c.accept(new io.github.ycsbkv.internal.resp.wire.RespReader().at(
        io.netty.buffer.Unpooled.copiedBuffer(reply, StandardCharsets.US_ASCII), 0));
    c.finish();
    // *2\r\n $3\r\n GET\r\n $1\r\n k\r\n: 20 bytes sent, the same the buffer holds; 9 received.
    assertArrayEquals(new long[] {1, out.readableBytes(), 9}, tally.counts());
    assertArrayEquals(new long[] {1, 20, 9}, tally.counts());
  }

  @Test
  void addsFromTheWriterAndFromOtherThreads_allCounted() throws Exception {
    WireTally tally = new WireTally();
    tally.add(10, 5); // this thread is its writer from now on
    CountDownLatch go = new CountDownLatch(1);
    Thread[] others = new Thread[3];
    for (int i = 0; i < others.length; i++) {
      others[i] = new Thread(() -> {
        try {
          go.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        for (int n = 0; n < 10_000; n++) {
          tally.add(1, 2);
        }
      });
      others[i].start();
    }
    go.countDown();
    for (int n = 1; n < 10_000; n++) {
      tally.add(10, 5);
    }
    for (Thread t : others) {
      t.join();
    }
    assertArrayEquals(new long[] {40_000, 10 * 10_000 + 30_000, 5 * 10_000 + 60_000}, tally.counts());
  }
}
