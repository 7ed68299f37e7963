package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.spi.AsyncOperations;
import java.util.Locale;
import java.util.Properties;
import site.ycsb.DB;

/**
 * How many OS threads drive the {@code -threads} closed-loop clients ({@value #PROPERTY}).
 *
 * <p>One OS thread per client costs a thread wake-up (and a system call) per operation; on a machine
 * whose cores the server shares, that client cost sets the result. With a binding that has
 * {@link AsyncOperations}, N closed-loop clients can instead be served by D threads, each keeping
 * N / D operations in flight: every client still has exactly one operation in flight and starts its
 * next when it completes, every operation is timed from its own start to its own completion, and the
 * server sees the same commands. The binding may send the operations a thread submits in a row as one
 * write ({@link AsyncOperations#flush()}).
 *
 * <p>{@code drivers=auto} (the default) does so with one thread per CPU core when all of these hold:
 * the binding has asynchronous operations, there are more clients than cores, no {@code pipeline},
 * no {@code -target}, no {@code dataintegrity}, and the workload never looks at an operation's result
 * (upstream {@code CoreWorkload} without read-modify-write or scans, or a {@link WorkloadTraits#pipelineSafe()}
 * workload). {@code drivers=0} keeps one OS thread per client; {@code drivers=D} asks for D threads.
 *
 * <p>Under {@code -target} the same conditions (a binding that does not decline) give the open loop on the
 * binding's event loops ({@link DrivenLoop} with {@link Arrivals}): one thread per core (at most one per client), each
 * serving its clients' connections; {@code drivers=0} keeps upstream's thread per client with its own schedule.
 * Immutable.
 *
 * @param threads OS threads that run clients
 * @param clients closed-loop clients ({@code -threads})
 * @param reason why this mode was chosen, for the run's header line
 * @param nonBlocking whether the binding has asynchronous operations and the workload only calls them and
 *     never looks at their results, so that a thread's operations in flight (its clients, or its
 *     {@code pipeline}) may run on the binding's completion thread ({@link DrivenLoop})
 * @param depth requests in flight on each client's connection when a thread serves several clients: the {@code
 *     pipeline} of a shared pipelined run, else 1
 */
record Drivers(int threads, int clients, String reason, boolean nonBlocking, int sharedConnections, boolean openLoop,
    int depth) {

  static final String PROPERTY = EngineProperties.DRIVERS;
  /** Engine property: {@code client} (default, a connection per client) or N connections shared by the clients. */
  static final String CONNECTIONS = EngineProperties.CONNECTIONS;

  Drivers(int threads, int clients, String reason, boolean nonBlocking) {
    this(threads, clients, reason, nonBlocking, 0, false, 1);
  }

  Drivers(int threads, int clients, String reason, boolean nonBlocking, int sharedConnections) {
    this(threads, clients, reason, nonBlocking, sharedConnections, false, 1);
  }

  /**
   * {@value #CONNECTIONS}: 0 for {@code client} (the default: one connection per closed-loop client, one
   * request in flight on it), else the number of connections the clients share.
   */
  static int sharedConnections(Properties props) {
    String value = props.getProperty(CONNECTIONS, "client").trim().toLowerCase(Locale.ROOT);
    if (value.equals("client") || value.isEmpty()) {
      return 0;
    }
    try {
      int n = Integer.parseInt(value);
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // the line below
    }
    throw new UserError("property '" + CONNECTIONS + "' must be client (a connection per client, the default) or a"
        + " number of connections the clients share, got '" + value + "'");
  }

  /** Connections thread {@code id} opens: its share of the shared ones, else one per client it serves. */
  int connections(int id) {
    if (sharedConnections > 0) {
      return sharedConnections / threads + (id < sharedConnections % threads ? 1 : 0);
    }
    return shared() ? inFlight(id) : 1;
  }

  /** Whether the clients are served by fewer threads, each keeping several operations in flight. */
  boolean shared() {
    return threads < clients;
  }

  /**
   * How many of a thread's {@code inFlight} operations run on the binding's completion thread
   * ({@link DrivenLoop}): all of them when the thread keeps several in flight (or serves several
   * clients), the binding and workload allow it, and no {@code -target} schedule applies (the loop has
   * none); else 0.
   */
  int onLoop(int inFlight, boolean targeted) {
    if (openLoop) {
      return inFlight;
    }
    return (shared() || inFlight > 1) && nonBlocking && !targeted ? inFlight : 0;
  }

  /**
   * Thread {@code id}'s part of {@code total} operations: as much as its clients would each do on a thread of their
   * own (a thread serving two clients does twice what one serving one does), so that every client does its even
   * share, as each of memtier_benchmark's clients does its {@code -n}.
   */
  long operations(long total, int id) {
    if (!shared()) {
      return share(total, id, threads);
    }
    int first = id * (clients / threads) + Math.min(id, clients % threads);
    long sum = 0;
    for (int c = first; c < first + inFlight(id); c++) {
      sum += share(total, c, clients);
    }
    return sum;
  }

  /** Thread {@code id}'s share of the clients (with a shared pipeline, of the connections). */
  int inFlight(int id) {
    return clients / threads + (id < clients % threads ? 1 : 0);
  }

  /** Operations in flight on thread {@code id}: each of its clients' {@link #depth()}. */
  int slots(int id) {
    return inFlight(id) * depth;
  }

  /** {@code verifying}: reads are checked as they return ({@code dataintegrity=true} on a run that checks). */
  static Drivers resolve(Properties props, int clients, int pipeline, double target, Class<? extends DB> dbClass,
      site.ycsb.Workload workload, boolean verifying) {
    return resolve(props, clients, pipeline, target, dbClass, workload, verifying, null, false);
  }

  /**
   * {@code declined}: why the binding, as configured, wants a thread per client under {@code drivers=auto}
   * ({@link AsyncOperations#sharedThreadsDeclined()}), or null; {@code pipelinesShared}: whether it lets a thread
   * serve several pipelined clients ({@link AsyncOperations#sharesPipelines()}).
   */
  static Drivers resolve(Properties props, int clients, int pipeline, double target, Class<? extends DB> dbClass,
      site.ycsb.Workload workload, boolean verifying, String declined, boolean pipelinesShared) {
    boolean async = AsyncOperations.class.isAssignableFrom(dbClass);
    boolean safe = unsafeWorkload(props, workload) == null;
    boolean nonBlocking = async && safe && !WorkloadTraits.of(workload).callsBlockingOperations();
    String value = props.getProperty(PROPERTY, "auto").trim().toLowerCase(Locale.ROOT);
    boolean integrity = verifying;
    int cores = Math.max(1, Runtime.getRuntime().availableProcessors());
    int sharedConnections = sharedConnections(props);
    String stateful = WorkloadTraits.of(workload).keepsConnectionState();
    if (stateful != null) {
      return ownConnections(stateful, value, clients, sharedConnections, nonBlocking);
    }
    if (sharedConnections > 0) {
      return sharing(sharedConnections, value, clients, pipeline, target, async, integrity,
          unsafeWorkload(props, workload), nonBlocking, cores);
    }
    if (target > 0 && !value.equals("0")) {
      Drivers open = openLoop(value, clients, pipeline, async, nonBlocking, integrity, declined, cores);
      if (open != null) {
        return open;
      }
      if (value.equals("auto")) {
        return new Drivers(clients, clients, "-target on a thread per client, as upstream YCSB: "
            + threadPerClientWhy(async, nonBlocking, pipeline, integrity, declined), nonBlocking);
      }
    } else if (target > 0) {
      return new Drivers(clients, clients, "-target on a thread per client, as upstream YCSB (-p drivers=0)",
          nonBlocking);
    }
    if (value.equals("auto")) {
      if (declined != null && async && safe && pipeline == 1 && target == 0 && !integrity && clients > cores) {
        return new Drivers(clients, clients, "drivers=auto: a thread per client, as " + declined, nonBlocking);
      }
      if (async && safe && pipeline == 1 && target == 0 && !integrity && clients > cores) {
        return new Drivers(cores, clients, "drivers=auto: a thread per core; -p drivers=0 for a thread per client",
            nonBlocking);
      }
      if (nonBlocking && declined == null && pipelinesShared && pipeline > 1 && target == 0 && !integrity
          && clients > cores && !staircase(props)) {
        return new Drivers(cores, clients, "drivers=auto: a thread per core, each keeping " + pipeline + " in flight on"
            + " each of its connections; -p drivers=0 for a thread per connection", nonBlocking, 0, false, pipeline);
      }
      return new Drivers(clients, clients, "", nonBlocking);
    }
    int d = threadCount(value);
    if (d == 0 || d >= clients) {
      return new Drivers(clients, clients, "", nonBlocking);
    }
    if (!async) {
      throw new UserError("drivers=" + d + " needs a binding with asynchronous operations (io.github.ycsbkv.spi."
          + "AsyncOperations); drop -p drivers or use -p drivers=0");
    }
    if (pipeline > 1 || target > 0 || integrity) {
      throw new UserError("drivers=" + d + " cannot be combined with " + (pipeline > 1 ? "pipeline" : target > 0
          ? "-target" : "dataintegrity=true") + "; use -p drivers=0");
    }
    return new Drivers(d, clients, "drivers=" + d, nonBlocking);
  }

  /**
   * Whether the clients start in steps ({@code staircase}): a pipelined thread per connection then opens each
   * connection at its step, which a thread per core keeping several pipelines does not.
   */
  private static boolean staircase(Properties props) {
    String s = props.getProperty(EngineProperties.STAIRCASE);
    return s != null && !s.isBlank();
  }

  /** {@code drivers} other than auto: 0 (a thread per client) or a thread count; else one line saying so. */
  private static int threadCount(String value) {
    int d;
    try {
      d = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new UserError("property '" + PROPERTY + "' must be auto, 0 (a thread per client) or a thread count,"
          + " got '" + value + "'");
    }
    if (d < 0) {
      throw new UserError("property '" + PROPERTY + "' must be auto, 0 or a positive thread count, got " + d);
    }
    return d;
  }

  /**
   * A thread and a connection per client for a workload whose commands keep state on their connection
   * ({@code stateful} names them): on a connection of several clients one client's EXEC would end another's MULTI.
   * {@code drivers} that asks for fewer threads, and shared connections, are refused in one line.
   */
  private static Drivers ownConnections(String stateful, String value, int clients, int sharedConnections,
      boolean nonBlocking) {
    if (sharedConnections > 0) {
      throw new UserError("the workload sends " + stateful + ", which keep state on their connection: each client"
          + " needs a connection of its own; drop -p " + CONNECTIONS);
    }
    if (!value.equals("auto")) {
      int d = threadCount(value);
      if (d > 0 && d < clients) {
        throw new UserError("drivers=" + d + " serves several clients' operations on shared threads, but the workload"
            + " sends " + stateful + ", which keep state on their connection; use -p drivers=0 (or drop it)");
      }
    }
    return new Drivers(clients, clients, clients > 1 ? "a thread and a connection per client: the workload sends "
        + stateful + ", which keep state on their connection" : "", nonBlocking);
  }

  /**
   * The open loop under {@code -target} on the binding's event loops, or null where it cannot run there (upstream's
   * thread per client then keeps the schedule, and the header says why).
   */
  private static Drivers openLoop(String value, int clients, int pipeline, boolean async, boolean nonBlocking,
      boolean integrity, String declined, int cores) {
    if (!async || !nonBlocking || pipeline > 1 || integrity || declined != null) {
      return null;
    }
    int threads;
    if (value.equals("auto")) {
      threads = Math.min(cores, clients);
    } else {
      try {
        threads = Math.min(Integer.parseInt(value), clients);
      } catch (NumberFormatException e) {
        throw new UserError("property '" + PROPERTY + "' must be auto, 0 (a thread per client) or a thread count,"
            + " got '" + value + "'");
      }
      if (threads <= 0) {
        throw new UserError("property '" + PROPERTY + "' must be auto, 0 or a positive thread count, got " + value);
      }
    }
    return new Drivers(threads, clients, "open loop: -target on the binding's event loops, " + threads + " thread"
        + (threads == 1 ? "" : "s") + "; -p drivers=0 for a thread per client", nonBlocking, 0, true, 1);
  }

  /** Why {@code -target} runs on a thread per client here rather than on event loops (the open loop refused). */
  static String threadPerClientWhy(boolean async, boolean nonBlocking, int pipeline, boolean integrity,
      String declined) {
    if (!async) {
      return "the binding has no asynchronous operations";
    }
    if (declined != null) {
      return "as " + declined;
    }
    if (pipeline > 1) {
      return "pipeline=" + pipeline;
    }
    if (integrity) {
      return "dataintegrity=true";
    }
    return "the workload waits for its results (scans, read-modify-write)";
  }

  /**
   * {@code connections=N}: the clients share N connections, so few threads serve them (each thread's clients
   * pipelined on its share of the connections): at most N threads, one per core with {@code drivers=auto}.
   */
  private static Drivers sharing(int n, String drivers, int clients, int pipeline, double target, boolean async,
      boolean integrity, String unsafe, boolean nonBlocking, int cores) {
    String what = CONNECTIONS + "=" + n;
    if (n >= clients) {
      // As many connections as clients, or more: each client has a connection of its own (the shape says so).
      return new Drivers(clients, clients, n > clients ? what + " is more than the " + clients + " clients: a"
          + " connection each" : "", nonBlocking);
    }
    if (!async) {
      throw new UserError(what + " shares connections between clients, which needs a binding with asynchronous"
          + " operations (io.github.ycsbkv.spi.AsyncOperations); drop -p " + CONNECTIONS);
    }
    if (pipeline > 1) {
      throw new UserError(what + " and pipeline=" + pipeline + " are two different loads (shared connections, or a"
          + " connection per client thread with " + pipeline + " requests in flight); set one of them");
    }
    if (target > 0 || integrity) {
      throw new UserError(what + " cannot be combined with " + (target > 0 ? "-target" : "dataintegrity=true")
          + "; drop one of them");
    }
    if (unsafe != null) {
      // Sharing needs clients served by few threads, which a workload that waits for its results cannot have:
      // each client keeps a connection of its own, and the run's header and result say so.
      return new Drivers(clients, clients, what + " cannot be shared by this workload's clients (" + unsafe
          + "): a connection each", nonBlocking);
    }
    int threads;
    if (drivers.equals("auto")) {
      threads = Math.min(cores, n);
    } else {
      int d;
      try {
        d = Integer.parseInt(drivers);
      } catch (NumberFormatException e) {
        throw new UserError("property '" + PROPERTY + "' must be auto or a thread count, got '" + drivers + "'");
      }
      if (d <= 0) {
        throw new UserError(what + " shares connections between the clients, so few threads serve them: drivers=" + d
            + " (a thread per client) cannot; drop -p drivers or -p " + CONNECTIONS);
      }
      threads = Math.min(d, n);
    }
    return new Drivers(threads, clients, what + (drivers.equals("auto") ? ": at most a thread per core"
        : ", drivers=" + drivers), nonBlocking, n);
  }

  /** Why the workload may not be served asynchronously, or null when it may. */
  static String unsafeWorkload(Properties props, site.ycsb.Workload workload) {
    Class<?> workloadClass = workload.getClass();
    if (WorkloadTraits.of(workload).pipelineSafe()) {
      return null;
    }
    if (workloadClass == site.ycsb.workloads.CoreWorkload.class) {
      if (Props.getDouble(props, "readmodifywriteproportion", 0) > 0) {
        return "read-modify-write reads before it writes";
      }
      if (Props.getDouble(props, "scanproportion", 0) > 0) {
        return "scans are blocking";
      }
      return null;
    }
    return "workload " + workloadClass.getName() + " may look at results (its WorkloadTraits do not say pipelineSafe)";
  }

  /**
   * Heap a client thread needs, measured: its latency histograms (HdrHistogram, 3 significant digits,
   * ns values; a recorder's two histograms and the interval copy per operation type) and its set-up.
   * 8,000 threads of workloada on the memory binding used 4.2 GB.
   */
  static final long BYTES_PER_CLIENT_THREAD = 512 * 1024;

  /** Refuses, in one line and before anything starts, more client threads than the heap can hold. */
  void checkHeap() {
    int osThreads = threads();
    long heap = Runtime.getRuntime().maxMemory();
    long need = osThreads * BYTES_PER_CLIENT_THREAD;
    if (need > heap * 0.8) {
      long most = (long) (heap * 0.8 / BYTES_PER_CLIENT_THREAD);
      throw new UserError(String.format(Locale.ROOT, "%,d client threads need about %,d MB of heap for their latency"
          + " histograms (about %d KB each), but this JVM may use %,d MB: at most %,d threads fit; use fewer threads,"
          + " or more heap (JAVA_OPTS=-Xmx...)", osThreads, need >> 20, BYTES_PER_CLIENT_THREAD >> 10, heap >> 20, most));
    }
  }

  /** Client {@code id}'s share of {@code total} operations over {@code n}: the remainder to the first ones. */
  static long share(long total, int id, int n) {
    return total / n + (id < total % n ? 1 : 0);
  }
}
