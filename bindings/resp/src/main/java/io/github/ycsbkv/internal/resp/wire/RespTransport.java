package io.github.ycsbkv.internal.resp.wire;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.kqueue.KQueue;
import io.netty.channel.kqueue.KQueueIoHandler;
import io.netty.channel.kqueue.KQueueSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringIoHandlerConfig;
import io.netty.channel.uring.IoUringSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The process's event loops for {@code RespLane}s: one thread per core, created by the first lane and shut
 * down after the last one closed, with the one thread beside them that reads cluster maps
 * ({@link Loops#mapThread()}). These loops are the only state the engine's lanes share in a process, and this
 * class alone holds it. Transport (property {@value #PROPERTY}): {@code auto} takes, on Linux, io_uring
 * where the kernel allows it (one system call submits the writes of every connection a loop flushed), else epoll;
 * on macOS kqueue; else Java's NIO; {@code io_uring}, {@code epoll}, {@code kqueue} or {@code nio} ask for one (an
 * unavailable one is an error).
 * Docker's default seccomp profile refuses io_uring: {@code auto} then falls back to epoll by itself, and the
 * transport's name says why ({@code epoll (io_uring unavailable: ...)}), as it does for NIO.
 */
public final class RespTransport {

  /** Property: auto (default), io_uring, epoll, kqueue or nio. */
  public static final String PROPERTY = "resp.transport";
  /** What {@code auto} means on an open loop ({@code EngineBackend#transport}): epoll before io_uring on Linux. */
  public static final String AUTO_OPEN_LOOP = "auto-open-loop";
  /** io_uring's default ring (128 entries) is smaller than the submissions of a loop serving many connections. */
  static final int MIN_RING = 256;
  static final int MAX_RING = 4096;
  /** The longest reason {@link #why} gives. */
  static final int WHY_MAX = 160;

  /** A running set of loops: the group, its channel class and how many lanes use each loop. */
  public static final class Loops {
    final MultiThreadIoEventLoopGroup group;
    public final Class<? extends Channel> channelClass;
    public final String name;
    public final EventLoop[] loops;
    final int[] lanes;
    final String key;
    int users;
    /** Where cluster maps are read (blocking, so not on a loop); created by the first lane on a cluster. */
    private ExecutorService mapThread;

    Loops(MultiThreadIoEventLoopGroup group, Class<? extends Channel> channelClass, String name, String key) {
      this.group = group;
      this.channelClass = channelClass;
      this.name = name;
      this.key = key;
      int n = group.executorCount();
      this.loops = new EventLoop[n];
      // next() goes round the group's loops: take each once.
      for (int i = 0; i < n; i++) {
        loops[i] = group.next();
      }
      this.lanes = new int[n];
    }

    /**
     * The thread ({@code ycsbkv-cluster-map}) on which the lanes of these loops read cluster maps and open the nodes
     * they name, shut down with the loops; null once they are.
     */
    public ExecutorService mapThread() {
      synchronized (RespTransport.class) {
        if (users == 0) {
          return null;
        }
        if (mapThread == null) {
          mapThread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "ycsbkv-cluster-map");
            t.setDaemon(true);
            return t;
          });
        }
        return mapThread;
      }
    }
  }

  private static Loops current;

  static {
    // Netty 4.2's io_uring handler asserts that its shared iovec array is empty when a channel takes it
    // (IoUringIoHandler.iovArray()), while the caller appends after what other channels wrote in the same loop
    // turn: with assertions on (-ea, as test runners set it) a loop that flushes two connections at once dies
    // with an AssertionError and its clients hang. The assertion is stale (the code reads the offset); switch
    // it off for that package before its classes load.
    ClassLoader netty = IoUring.class.getClassLoader();
    if (netty != null) {
      netty.setPackageAssertionStatus("io.netty.channel.uring", false);
    }
  }

  private RespTransport() {}

  /**
   * The loop a new lane of {@code connections} connections runs on (the one with fewest lanes), and the
   * process's loops, created when none run: {@code transport} as {@value #PROPERTY} says.
   */
  public static synchronized Loops acquire(String transport, int connections) {
    String wanted = transport == null ? "auto" : transport.trim().toLowerCase(Locale.ROOT);
    if (current == null || !current.key.equals(wanted)) {
      if (current != null && current.users > 0) {
        throw new RespException(PROPERTY + "=" + wanted + " asked for while lanes of " + current.name
            + " are open in this process; one transport per process");
      }
      current = start(wanted, connections);
    }
    current.users++;
    return current;
  }

  /** Picks the least used loop of {@code loops} and counts the lane on it. */
  public static synchronized int pick(Loops loops) {
    int best = 0;
    for (int i = 1; i < loops.lanes.length; i++) {
      if (loops.lanes[i] < loops.lanes[best]) {
        best = i;
      }
    }
    loops.lanes[best]++;
    return best;
  }

  public static synchronized void release(Loops loops, int loop) {
    loops.lanes[loop]--;
    if (--loops.users == 0 && current == loops) {
      current = null;
      loops.group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
      if (loops.mapThread != null) {
        loops.mapThread.shutdownNow();
        loops.mapThread = null;
      }
    }
  }

  private static Loops start(String wanted, int connections) {
    int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
    DefaultThreadFactory names = new DefaultThreadFactory("ycsbkv-resp", true);
    Choice c = choose(wanted, System.getProperty("os.name", ""), Natives.here());
    return switch (c.kind()) {
      case IO_URING -> {
        int ring = ringSize(connections);
        int cq = completionQueueSize(connections, ring);
        try {
          IoHandlerFactory f = IoUringIoHandler.newFactory(new IoUringIoHandlerConfig().setRingSize(ring)
              .setCqSize(cq));
          yield new Loops(new MultiThreadIoEventLoopGroup(threads, names, f), IoUringSocketChannel.class,
              "io_uring (ring " + ring + ")", wanted);
        } catch (RuntimeException | LinkageError e) {
          if (!c.auto()) {
            throw new RespException("io_uring cannot start here: " + e.getMessage() + "; use " + PROPERTY + "=auto", e);
          }
          // The kernel said yes, the ring said no: what auto would have taken without io_uring.
          Natives without = new Natives(e, Natives.here().epoll(), Natives.here().kqueue());
          yield start(choose(wanted, System.getProperty("os.name", ""), without), threads, names, wanted);
        }
      }
      default -> start(c, threads, names, wanted);
    };
  }

  /** Loops of a choice other than io_uring (whose ring needs the connections). */
  private static Loops start(Choice c, int threads, DefaultThreadFactory names, String wanted) {
    return switch (c.kind()) {
      case EPOLL -> new Loops(new MultiThreadIoEventLoopGroup(threads, names, EpollIoHandler.newFactory()),
          EpollSocketChannel.class, c.name(), wanted);
      case KQUEUE -> new Loops(new MultiThreadIoEventLoopGroup(threads, names, KQueueIoHandler.newFactory()),
          KQueueSocketChannel.class, c.name(), wanted);
      case NIO -> nio(threads, names, c.name(), wanted);
      case IO_URING -> throw new IllegalStateException("io_uring needs its ring size");
    };
  }

  /** A transport Netty offers. */
  enum Kind { IO_URING, EPOLL, KQUEUE, NIO }

  /**
   * The transport a set of loops runs on, and its name as the run's header and result give it: with {@code auto},
   * why each better one did not load ({@code epoll (io_uring unavailable: ...)}).
   *
   * @param auto whether it was chosen by {@code auto} (a failure to start it then falls back)
   */
  record Choice(Kind kind, String name, boolean auto) {}

  /**
   * Which of Netty's native transports loaded here, and why not: each cause null when it did (Netty's
   * {@code unavailabilityCause()}). On Linux io_uring and epoll can load, on macOS kqueue, each from the jar of its
   * platform's classifier ({@code linux-x86_64}, {@code linux-aarch_64}, {@code osx-x86_64}, {@code osx-aarch_64}).
   */
  record Natives(Throwable ioUring, Throwable epoll, Throwable kqueue) {

    /** What loaded in this JVM. */
    static Natives here() {
      return new Natives(IoUring.unavailabilityCause(), Epoll.unavailabilityCause(), KQueue.unavailabilityCause());
    }
  }

  /**
   * The transport {@code wanted} ({@value #PROPERTY}) gives on {@code osName} with {@code natives}: {@code auto} takes
   * io_uring, else epoll, on Linux, kqueue on macOS (BSD), and Java's NIO where none loaded; a transport asked for by
   * name that did not load is an error that says why and what to use. Pure: the same answer for the same inputs.
   */
  static Choice choose(String wanted, String osName, Natives natives) {
    String w = wanted == null ? "auto" : wanted.trim().toLowerCase(Locale.ROOT);
    boolean linux = osName.toLowerCase(Locale.ROOT).startsWith("linux");
    return switch (w) {
      case "auto" -> linux ? linuxAuto(natives) : natives.kqueue() == null ? new Choice(Kind.KQUEUE, "kqueue", true)
          : new Choice(Kind.NIO, "nio (kqueue unavailable: " + why(natives.kqueue()) + ")", true);
      case AUTO_OPEN_LOOP -> linux && natives.epoll() == null
          ? new Choice(Kind.EPOLL, "epoll (an open loop: its timer wake-ups cost less CPU than io_uring's)", true)
          : choose("auto", osName, natives);
      case "io_uring", "iouring" -> {
        if (natives.ioUring() != null) {
          throw new RespException("io_uring is not available here (" + why(natives.ioUring()) + "); use " + PROPERTY
              + "=auto" + (linux ? " or epoll" : ""));
        }
        yield new Choice(Kind.IO_URING, "io_uring", false);
      }
      case "epoll" -> {
        if (natives.epoll() != null) {
          throw new RespException("epoll is not available here (" + why(natives.epoll()) + "); use " + PROPERTY
              + "=auto or nio");
        }
        yield new Choice(Kind.EPOLL, "epoll", false);
      }
      case "kqueue" -> {
        if (natives.kqueue() != null) {
          throw new RespException("kqueue is not available here (" + why(natives.kqueue()) + "); use " + PROPERTY
              + "=auto or nio");
        }
        yield new Choice(Kind.KQUEUE, "kqueue", false);
      }
      case "nio" -> new Choice(Kind.NIO, "nio", false);
      default -> throw new RespException("property '" + PROPERTY + "' must be auto, io_uring, epoll, kqueue or nio,"
          + " got '" + w + "'");
    };
  }

  private static Choice linuxAuto(Natives natives) {
    if (natives.ioUring() == null) {
      return new Choice(Kind.IO_URING, "io_uring", true);
    }
    String uring = "io_uring unavailable: " + why(natives.ioUring());
    if (natives.epoll() == null) {
      return new Choice(Kind.EPOLL, "epoll (" + uring + ")", true);
    }
    return new Choice(Kind.NIO, "nio (" + uring + "; epoll unavailable: " + why(natives.epoll()) + ")", true);
  }

  private static Loops nio(int threads, DefaultThreadFactory names, String name, String key) {
    return new Loops(new MultiThreadIoEventLoopGroup(threads, names, NioIoHandler.newFactory()),
        NioSocketChannel.class, name, key);
  }

  /**
   * Why a native part did not load, in one short line: the innermost cause that says something (a
   * class-initialisation error wraps the reason, for example two versions of a native library on the class
   * path), cut at {@value #WHY_MAX} characters.
   */
  static String why(Throwable t) {
    String said = null;
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c.getMessage() != null && !c.getMessage().isBlank()) {
        said = c.getMessage().strip();
      }
    }
    if (said == null) {
      return t == null ? "no reason given" : t.getClass().getSimpleName();
    }
    said = said.replaceAll("\\s+", " ");
    return said.length() <= WHY_MAX ? said : said.substring(0, WHY_MAX - 3) + "...";
  }

  /**
   * The completion queue: four entries per connection (a read, a write and their re-arms can complete in one
   * batch), a power of two from {@value #MIN_CQ} to {@value #MAX_CQ}. With io_uring's default (twice the ring), 5,000
   * connections on two loops overflowed it ("CompletionQueue overflow detected") and 23 replies never reached their
   * callers, which timed out (ConnectionScaleIT, 2026-11-26). The loops are made for the process's first lane, whose
   * {@code connections} are not all the loops will serve: later lanes add theirs, and a cluster's lane opens them to
   * every node. Sized for the first lane alone (512 entries), a memtier preload of 200 clients on a three-node
   * Dragonfly cluster (600 connections on two loops) overflowed it and lost replies (2026-11-29): hence the floor,
   * 256 KiB of queue per loop.
   */
  static int completionQueueSize(int connections, int ring) {
    long want = Math.max(Math.max(MIN_CQ, 2L * ring), Math.min(MAX_CQ, 4L * connections));
    return Integer.highestOneBit((int) want - 1) << 1;
  }

  /** The least completion queue: four entries for each of 4,096 connections on a loop. */
  static final int MIN_CQ = 16_384;

  /** io_uring's largest completion queue (IORING_MAX_CQ_ENTRIES). */
  static final int MAX_CQ = 65_536;

  /** Twice a loop's connections (a write and a read each), a power of two between 256 and 4096. */
  static int ringSize(int connections) {
    int want = Math.max(MIN_RING, Math.min(MAX_RING, 2 * connections));
    return Integer.highestOneBit(want - 1) << 1;
  }
}
