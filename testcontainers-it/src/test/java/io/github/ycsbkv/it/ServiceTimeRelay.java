package io.github.ycsbkv.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A store of known capacity for the capacity tests (#35): a relay in front of a real RESP server that serves one
 * request at a time, in arrival order over every connection, adding a fixed service time to each before it forwards
 * it (over one connection of its own) and returns the reply. Its true capacity is one over the time each request
 * takes here ({@link #serviceNanosMean()}: the added time plus the forward), whatever the client does.
 */
final class ServiceTimeRelay implements AutoCloseable {

  private record Request(byte[] bytes, OutputStream reply, AtomicInteger outstanding, long queuedNanos) {}

  private final ServerSocket server;
  private final Socket upstream;
  private final InputStream upIn;
  private final OutputStream upOut;
  private final long serviceNanos;
  private final LinkedBlockingQueue<Request> queue = new LinkedBlockingQueue<>();
  private final List<Socket> clients = new CopyOnWriteArrayList<>();
  private final AtomicLong served = new AtomicLong();
  private final AtomicLong busyNanos = new AtomicLong();
  /** The most requests one connection had sent and not yet had answered, at any moment. */
  private final AtomicInteger outstandingMax = new AtomicInteger();
  /** The most requests in flight on a connection (itself included) when one of {@link #watched} arrived. */
  private final AtomicInteger watchedMax = new AtomicInteger();
  private volatile byte[] watched;
  private volatile boolean closed;
  /** When the last request served ended (one worker's; with {@link #perConnection}, any of them). */
  private volatile long lastEnd = Long.MIN_VALUE;

  /** With {@link #perConnection}: the first connection's service time; the others' is {@link #serviceNanos}. */
  private final long firstServiceNanos;
  /** Whether each connection is served on its own, in parallel, instead of all in one line. */
  private final boolean perConnection;
  private final AtomicInteger accepted = new AtomicInteger();

  ServiceTimeRelay(String host, int port, long serviceMicros) throws IOException {
    this(host, port, serviceMicros, serviceMicros, false, InetAddress.getLoopbackAddress(), 0);
  }

  /**
   * The relay as a process of its own, for a store host that is a network namespace (ManyHostsIT): {@code LISTEN_ADDRESS
   * LISTEN_PORT STORE_HOST STORE_PORT SERVICE_MICROS}; prints {@code served N mean-nanos M} every 200 ms.
   */
  public static void main(String[] args) throws Exception {
    try (ServiceTimeRelay relay = new ServiceTimeRelay(args[2], Integer.parseInt(args[3]), Long.parseLong(args[4]),
        Long.parseLong(args[4]), false, InetAddress.getByName(args[0]), Integer.parseInt(args[1]))) {
      System.out.println("listening on " + args[0] + ":" + relay.port());
      while (true) {
        Thread.sleep(200);
        System.out.println("served " + relay.served() + " mean-nanos " + relay.serviceNanosMean());
      }
    }
  }

  /**
   * A relay that serves each connection on its own, in parallel, one request at a time per connection (as a server
   * with a thread per connection would): the first connection's requests take {@code firstMicros}, the others'
   * {@code serviceMicros}. Replies then come back unevenly across the connections.
   */
  static ServiceTimeRelay perConnection(String host, int port, long serviceMicros, long firstMicros)
      throws IOException {
    return new ServiceTimeRelay(host, port, serviceMicros, firstMicros, true, InetAddress.getLoopbackAddress(), 0);
  }

  private ServiceTimeRelay(String host, int port, long serviceMicros, long firstMicros, boolean perConnection,
      InetAddress listen, int listenPort) throws IOException {
    this.serviceNanos = TimeUnit.MICROSECONDS.toNanos(serviceMicros);
    this.firstServiceNanos = TimeUnit.MICROSECONDS.toNanos(firstMicros);
    this.perConnection = perConnection;
    this.upstream = new Socket(host, port);
    upstream.setTcpNoDelay(true);
    this.upIn = new BufferedInputStream(upstream.getInputStream(), 1 << 16);
    this.upOut = upstream.getOutputStream();
    this.server = new ServerSocket(listenPort, 512, listen);
    daemon("relay-accept", this::accept);
    if (!perConnection) {
      daemon("relay-worker", () -> work(queue, serviceNanos));
    }
  }

  int port() {
    return server.getLocalPort();
  }

  /** The most requests one connection had in flight here at once (read, not yet answered). */
  int outstandingPerConnectionMax() {
    return outstandingMax.get();
  }

  /**
   * From now on, counts the requests in flight on a connection, itself included, whenever a request of command
   * {@code name} (upper case, as clients send it) arrives; {@link #watchedOutstandingMax()} is the most seen.
   */
  void watch(String name) {
    watched = ("\r\n" + name + "\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }

  int watchedOutstandingMax() {
    return watchedMax.get();
  }

  private boolean isWatched(byte[] request) {
    byte[] w = watched;
    if (w == null) {
      return false;
    }
    int end = Math.min(request.length - w.length, 24); // the command's name follows the array and bulk headers
    for (int i = 0; i <= end; i++) {
      if (java.util.Arrays.equals(request, i, i + w.length, w, 0, w.length)) {
        return true;
      }
    }
    return false;
  }

  /** Requests served. */
  long served() {
    return served.get();
  }

  /** The mean time a request took here (added service time and forward): one over it is the true capacity. */
  double serviceNanosMean() {
    long n = served.get();
    return n == 0 ? Double.NaN : busyNanos.get() / (double) n;
  }

  /**
   * The relay's capacity at its worst and at its best moment: the fewest and the most requests a second it could serve
   * over any {@code windowNanos} of the run (the requests that ended in the window over the time they took here), among
   * the windows in which it was busy at least half the time; NaNs when it never was. The forward to the real server
   * takes longer when the machine is busy, so the capacity over the whole run ({@link #serviceNanosMean()}) can be more
   * than a busy stretch of it allowed, and less than a quiet one: a search that measured its steps in such stretches
   * may find anything between the two, nothing outside them.
   */
  double[] capacityRangeOver(long windowNanos) {
    long[] ends;
    long[] busy;
    synchronized (log) {
      ends = java.util.Arrays.copyOf(log.ends, log.size);
      busy = java.util.Arrays.copyOf(log.busy, log.size);
    }
    double worst = Double.NaN;
    double best = Double.NaN;
    long sum = 0;
    int from = 0;
    for (int to = 0; to < ends.length; to++) {
      sum += busy[to];
      while (ends[to] - ends[from] > windowNanos) {
        sum -= busy[from++];
      }
      // A window that spans at least nine tenths of the length asked, and was busy half of it.
      if (sum >= windowNanos / 2 && ends[to] - ends[from] >= windowNanos * 9 / 10) {
        double rate = (to - from + 1) * 1e9 / sum;
        worst = Double.isNaN(worst) ? rate : Math.min(worst, rate);
        best = Double.isNaN(best) ? rate : Math.max(best, rate);
      }
    }
    return new double[] {worst, best};
  }

  /**
   * The longest a request took here from when it could have been served (it had arrived, and the one before it had
   * ended) to its end, among those that ended between {@code from} and {@code to} (wall clock, as a result's timing
   * has them): its service time, or how long the relay, the store of the capacity tests, stalled then (its thread
   * descheduled or paused); 0 when none ended then.
   */
  long longestStallNanosBetween(Instant from, Instant to) {
    long lo = nanoOrigin + Duration.between(wallOrigin, from).toNanos();
    long hi = nanoOrigin + Duration.between(wallOrigin, to).toNanos();
    long longest = 0;
    synchronized (log) {
      for (int i = 0; i < log.size; i++) {
        if (log.ends[i] >= lo && log.ends[i] <= hi) {
          longest = Math.max(longest, log.waited[i]);
        }
      }
    }
    return longest;
  }

  /**
   * Why a capacity search over this relay ({@code capacity}: its capacity.json, in {@code out}) may have ended below
   * what the relay allowed, or null when it may not: the lowest step above the capacity that failed (a step run again
   * is judged by its repetition) fell short of its rate by no more than twice this relay's own longest stall in that
   * step. A store that stalls at a step's end leaves that step's last arrivals to be served after it, and the step
   * falls short by as long (docs/capacity.md): the search then rightly bisects below it. A stall of the JVM the relay
   * shares with the client is the client's too, whose stall meter runs the step again.
   */
  String notStalledAbove(Path out, JsonNode capacity)
      throws IOException {
    double found = capacity.path("capacity").path("opsPerSec").asDouble();
    JsonNode above = null;
    for (JsonNode s : capacity.path("steps")) {
      double rate = s.path("targetOpsPerSec").asDouble();
      boolean again = s.path("why").asText().endsWith("the step runs again");
      if (!s.path("verdict").asText().equals("meets") && !again && rate > found
          && (above == null || rate < above.path("targetOpsPerSec").asDouble())) {
        above = s;
      }
    }
    if (above == null) {
      return "no step above the capacity failed";
    }
    if (!above.path("verdict").asText().equals("short_of_rate")) {
      return "the step above the capacity was " + above.path("verdict").asText() + ", not short of its rate";
    }
    JsonNode timing = new ObjectMapper()
        .readTree(out.resolve(above.path("result").asText()).resolve("result.json").toFile()).path("timing");
    double shortMicros = above.path("lengthSeconds").asDouble() * 1e6
        * (above.path("targetOpsPerSec").asDouble() / above.path("achievedOpsPerSec").asDouble() - 1);
    double stallMicros = longestStallNanosBetween(Instant.parse(timing.path("start").asText()),
        Instant.parse(timing.path("end").asText())) / 1e3;
    return 2 * stallMicros >= shortMicros ? null : String.format(Locale.ROOT, "step %d at %.0f ops/s fell"
        + " short by %.0f us of arrivals, more than twice the relay's longest stall then (%.0f us)",
        above.path("step").asInt(), above.path("targetOpsPerSec").asDouble(), shortMicros, stallMicros);
  }

  /** The same moment on the clock of {@link Log} and on the wall clock. */
  private final long nanoOrigin = System.nanoTime();
  private final Instant wallOrigin = Instant.now();

  /** When each served request ended, and the time it took here, in the order they ended. */
  private static final class Log {
    long[] ends = new long[1 << 12];
    long[] busy = new long[1 << 12];
    /** From when it could have been served (it was here and the one before had ended) to its end. */
    long[] waited = new long[1 << 12];
    int size;

    void add(long end, long took, long wait) {
      if (size == ends.length) {
        ends = java.util.Arrays.copyOf(ends, size * 2);
        busy = java.util.Arrays.copyOf(busy, size * 2);
        waited = java.util.Arrays.copyOf(waited, size * 2);
      }
      ends[size] = end;
      waited[size] = wait;
      busy[size++] = took;
    }
  }

  private final Log log = new Log();

  private void accept() {
    while (!closed) {
      try {
        Socket s = server.accept();
        s.setTcpNoDelay(true);
        clients.add(s);
        daemon("relay-read", () -> read(s));
      } catch (IOException e) {
        return;
      }
    }
  }

  private void read(Socket s) {
    try {
      InputStream in = new BufferedInputStream(s.getInputStream(), 1 << 16);
      OutputStream out = s.getOutputStream();
      AtomicInteger outstanding = new AtomicInteger();
      LinkedBlockingQueue<Request> line = queue;
      if (perConnection) {
        line = new LinkedBlockingQueue<>();
        LinkedBlockingQueue<Request> own = line;
        long service = accepted.getAndIncrement() == 0 ? firstServiceNanos : serviceNanos;
        daemon("relay-worker", () -> work(own, service));
      }
      while (!closed) {
        ByteArrayOutputStream raw = new ByteArrayOutputStream(128);
        if (!Resp.copy(in, raw)) {
          return;
        }
        int now = outstanding.incrementAndGet();
        outstandingMax.accumulateAndGet(now, Math::max);
        byte[] request = raw.toByteArray();
        if (isWatched(request)) {
          watchedMax.accumulateAndGet(now, Math::max);
        }
        line.add(new Request(request, out, outstanding, System.nanoTime()));
      }
    } catch (IOException e) {
      // the client went away
    }
  }

  /** Serves {@code line}'s requests one at a time, {@code service} each, then forwards them to the real server. */
  private void work(LinkedBlockingQueue<Request> line, long service) {
    while (!closed) {
      Request r;
      try {
        r = line.poll(100, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        return;
      }
      if (r == null) {
        continue;
      }
      long start = System.nanoTime();
      long until = start + service;
      if (service > 200_000) {
        LockSupport.parkNanos(service - 150_000);
      }
      while (System.nanoTime() < until) {
        Thread.onSpinWait();
      }
      try {
        ByteArrayOutputStream reply = new ByteArrayOutputStream(256);
        synchronized (upstream) {
          upOut.write(r.bytes());
          upOut.flush();
          if (!Resp.copy(upIn, reply)) {
            return;
          }
        }
        long end = System.nanoTime();
        long previousEnd = lastEnd;
        lastEnd = end;
        busyNanos.addAndGet(end - start);
        served.incrementAndGet();
        synchronized (log) {
          log.add(end, end - start, end - Math.max(r.queuedNanos(), previousEnd));
        }
        synchronized (r.reply()) {
          r.outstanding().decrementAndGet();
          r.reply().write(reply.toByteArray());
          r.reply().flush();
        }
      } catch (IOException e) {
        // a client that went away: its reply is dropped
      }
    }
  }

  @Override
  public void close() throws IOException {
    closed = true;
    server.close();
    for (Socket s : clients) {
      s.close();
    }
    upstream.close();
  }

  private static void daemon(String name, Runnable r) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    t.start();
  }

  /** Copies one whole RESP2/RESP3 value (a request or a reply) from a stream. */
  static final class Resp {
    private Resp() {}

    /** False at the end of the stream before a value began. */
    static boolean copy(InputStream in, ByteArrayOutputStream to) throws IOException {
      int type = in.read();
      if (type < 0) {
        return false;
      }
      to.write(type);
      String line = line(in, to);
      switch (type) {
        case '$', '!', '=' -> {
          int n = Integer.parseInt(line);
          if (n >= 0) {
            to.write(in.readNBytes(n + 2));
          }
        }
        case '*', '~', '>' -> {
          int n = Integer.parseInt(line);
          for (int i = 0; i < n; i++) {
            need(copy(in, to));
          }
        }
        case '%', '|' -> {
          int n = Integer.parseInt(line);
          for (int i = 0; i < 2 * n; i++) {
            need(copy(in, to));
          }
          if (type == '|') {
            need(copy(in, to)); // an attribute precedes the value it describes
          }
        }
        default -> {
          // +simple -error :integer _null ,double #boolean (big number: one line)
        }
      }
      return true;
    }

    private static void need(boolean ok) throws IOException {
      if (!ok) {
        throw new IOException("the stream ended inside a value");
      }
    }

    private static String line(InputStream in, ByteArrayOutputStream to) throws IOException {
      StringBuilder sb = new StringBuilder();
      int c;
      while ((c = in.read()) >= 0) {
        to.write(c);
        if (c == '\r') {
          int lf = in.read();
          to.write(lf);
          return sb.toString();
        }
        sb.append((char) c);
      }
      throw new IOException("the stream ended inside a line");
    }
  }
}
