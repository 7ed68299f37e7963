package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.internal.resp.lane.RespCall;
import io.github.ycsbkv.internal.resp.lane.RespLane;
import io.github.ycsbkv.internal.resp.lane.RespRecords;
import io.github.ycsbkv.internal.resp.wire.IndexWrite;
import io.github.ycsbkv.internal.resp.wire.RecordFormat;
import io.github.ycsbkv.internal.resp.wire.RespEndpoint;
import io.github.ycsbkv.spi.AsyncOperations;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * #25, measurement stays right: the RESP engine completes each reply on its own. A relay of the test's own sits
 * between the engine and a real Redis and holds every reply of one connection for 50 ms; the requests of the
 * other connections must complete at the server's speed (with rounds, every request would wait for the slow one).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RespEngineIT {

  private static final long HOLD_MILLIS = 50;

  private Store server;
  private Relay relay;

  @BeforeAll
  void start() throws Exception {
    server = Store.provision(Store.Kind.REDIS);
    relay = new Relay(server.host(), server.port());
  }

  @AfterAll
  void stop() throws Exception {
    if (relay != null) {
      relay.close();
    }
    if (server != null) {
      server.close();
    }
  }

  @Test
  void oneSlowConnection_delaysOnlyItsOwnRequests() throws Exception {
    RespLane lane = RespLane.open(new RespEndpoint("127.0.0.1", relay.port(), null, null, 0, 2000, null,
        "relay"), 4, "auto");
    try {
      RespRecords records = new RespRecords(lane, new RecordFormat(RecordFormat.Model.STRING, 1, "field"), IndexWrite.PIPELINED);
      assertEquals(4, relay.accepted(), "four connections through the relay");
      // Four closed-loop clients for one second, each sending its next GET when the last one completed.
      List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
      AtomicInteger errors = new AtomicInteger();
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
      CountDownLatch done = new CountDownLatch(4);
      for (int c = 0; c < 4; c++) {
        lane.executor().execute(() -> next(records, lane, latencies, errors, end, done));
      }
      assertTrue(done.await(10, TimeUnit.SECONDS), "the clients finished");
      assertEquals(0, errors.get(), "no request failed");
      List<Long> sorted = new ArrayList<>(latencies);
      sorted.sort(null);
      long slow = sorted.stream().filter(n -> n >= TimeUnit.MILLISECONDS.toNanos(HOLD_MILLIS)).count();
      long fast = sorted.stream().filter(n -> n < TimeUnit.MILLISECONDS.toNanos(10)).count();
      // The held connection completes about 20 requests in a second, each after 50 ms; the three others thousands.
      assertTrue(slow >= 5 && slow <= 25, slow + " requests held by the relay");
      assertTrue(fast >= 50 * slow, fast + " fast requests beside " + slow + " held ones");
      long median = sorted.get(sorted.size() / 2);
      assertTrue(median < TimeUnit.MILLISECONDS.toNanos(5), "median " + median / 1000 + " us");
    } finally {
      lane.close();
    }
  }

  /**
   * A read whose values nobody will look at ({@code AsyncOperations.DISCARDED}, what the engine hands a pipelined
   * read) still tells a record from a missing one, for GET, HGETALL and HMGET, and its listener hears it once.
   */
  @Test
  void discardedRead_stillSaysFoundOrNotFound() throws Exception {
    RespLane lane = RespLane.open(new RespEndpoint(server.host(), server.port(), null, null, 0, 2000, null,
        "server"), 2, "auto");
    try {
      RespRecords strings = new RespRecords(lane, new RecordFormat(RecordFormat.Model.STRING, 1, "field"), IndexWrite.PIPELINED);
      RespRecords hashes = new RespRecords(lane, new RecordFormat(RecordFormat.Model.HASH, 2, "field"), IndexWrite.PIPELINED);
      String k = "discarded-" + System.nanoTime();
      // A ByteIterator is read once: a map of its own per write.
      assertEquals(Status.OK, sendAndAwait(lane, strings.insert(k + "-s", Map.of("field0", new StringByteIterator("v0")),
          null)));
      assertEquals(Status.OK, sendAndAwait(lane, hashes.insert(k + "-h", Map.of("field0", new StringByteIterator("v0")),
          null)));
      Map<String, ByteIterator> discarded = AsyncOperations.DISCARDED;
      assertEquals(Status.OK, heard(lane, strings.read(k + "-s", null, discarded)));
      assertEquals(Status.NOT_FOUND, heard(lane, strings.read(k + "-missing", null, discarded)));
      assertEquals(Status.OK, heard(lane, hashes.read(k + "-h", null, discarded)));
      assertEquals(Status.NOT_FOUND, heard(lane, hashes.read(k + "-missing", null, discarded)));
      assertEquals(Status.OK, heard(lane, hashes.read(k + "-h", new LinkedHashSet<>(List.of("field1", "field0")),
          discarded)));
      assertEquals(Status.NOT_FOUND, heard(lane, hashes.read(k + "-h", Set.of("field1"), discarded)));
      assertTrue(discarded.isEmpty(), "the discarded result keeps nothing");
      // The same reads into a map of their own bring the values back.
      Map<String, ByteIterator> row = new HashMap<>();
      assertEquals(Status.OK, sendAndAwait(lane, hashes.read(k + "-h", null, row)));
      assertEquals("v0", row.get("field0").toString());
    } finally {
      lane.close();
    }
  }

  private static Status sendAndAwait(RespLane lane, RespCall call) {
    lane.flush();
    return lane.await(call);
  }

  /** The status a direct listener hears, checking it hears it once, on the lane's loop. */
  private static Status heard(RespLane lane, RespCall call) throws Exception {
    lane.flush();
    AtomicInteger calls = new AtomicInteger();
    java.util.concurrent.CompletableFuture<Status> heard = new java.util.concurrent.CompletableFuture<>();
    lane.executor().execute(() -> call.whenDone(status -> {
      calls.incrementAndGet();
      heard.complete(lane.executor() instanceof io.netty.util.concurrent.EventExecutor e && e.inEventLoop() ? status
          : new Status("ERROR", "heard off the loop"));
    }));
    Status status = heard.get(5, TimeUnit.SECONDS);
    // A listener set after completion is told at once; one set before, when the reply arrives: once either way.
    call.whenDone(s -> calls.addAndGet(100));
    assertEquals(101, calls.get(), "the first listener heard once; a second, set after completion, at once");
    return status;
  }

  /** On the loop: a GET, timed from its send to its completion, then the client's next one. */
  private static void next(RespRecords records, RespLane lane, List<Long> latencies, AtomicInteger errors, long end,
      CountDownLatch done) {
    if (System.nanoTime() >= end) {
      done.countDown();
      return;
    }
    long start = System.nanoTime();
    RespCall call = records.read("k" + (start % 1000), null, new HashMap<>());
    call.whenComplete((status, e) -> {
      latencies.add(System.nanoTime() - start);
      if (e != null || (status != Status.OK && status != Status.NOT_FOUND)) {
        errors.incrementAndGet();
      }
      next(records, lane, latencies, errors, end, done);
    });
    lane.flush();
  }

  /** Forwards connections to the server; every reply on the first connection it accepted waits 50 ms. */
  private static final class Relay implements AutoCloseable {
    private final ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final List<Socket> sockets = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger accepted = new AtomicInteger();

    Relay(String host, int port) throws java.io.IOException {
      Thread t = new Thread(() -> {
        try {
          while (true) {
            Socket client = listener.accept();
            Socket upstream = new Socket(host, port);
            client.setTcpNoDelay(true);
            upstream.setTcpNoDelay(true);
            sockets.add(client);
            sockets.add(upstream);
            boolean hold = accepted.getAndIncrement() == 0;
            pump(client.getInputStream(), upstream.getOutputStream(), false);
            pump(upstream.getInputStream(), client.getOutputStream(), hold);
          }
        } catch (Exception e) {
          // closed
        }
      }, "relay-accept");
      t.setDaemon(true);
      t.start();
    }

    int port() {
      return listener.getLocalPort();
    }

    int accepted() {
      return accepted.get();
    }

    private static void pump(InputStream in, OutputStream out, boolean hold) {
      Thread t = new Thread(() -> {
        byte[] buf = new byte[65536];
        try {
          int n;
          while ((n = in.read(buf)) > 0) {
            if (hold) {
              Thread.sleep(HOLD_MILLIS);
            }
            out.write(buf, 0, n);
            out.flush();
          }
        } catch (Exception e) {
          // closed
        }
      }, "relay-pump");
      t.setDaemon(true);
      t.start();
    }

    @Override
    public void close() throws Exception {
      listener.close();
      synchronized (sockets) {
        for (Socket s : sockets) {
          s.close();
        }
      }
    }
  }
}
