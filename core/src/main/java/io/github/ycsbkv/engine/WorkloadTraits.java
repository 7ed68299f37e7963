package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.EngineProperties;
import site.ycsb.Workload;

/**
 * What a {@code site.ycsb.Workload} tells the engine about itself, so that the engine serves it right: implemented by
 * a workload that differs from upstream's {@code CoreWorkload} in any of these; every default is what the engine
 * assumes of a workload that does not implement it. Methods that depend on the workload's properties are asked after
 * its {@code init()}; the others may be asked of an instance that was only constructed ({@link #of(Class)}).
 */
public interface WorkloadTraits {

  /**
   * Never scans, and no scanning workload reads its records (the cache workloads: memtier's GET/SET, the object
   * cache): the bindings that keep a scan index beside the records keep none for it, whatever their
   * {@code scanindex} says, so the server sees only the commands the workload's reference sends (memtier_benchmark:
   * one per operation). The engine tells the bindings through {@link EngineProperties#WORKLOAD_NEVER_SCANS}. Default:
   * no.
   */
  default boolean neverScans() {
    return false;
  }

  /**
   * Its {@code run} starts from whatever the store holds, possibly nothing (memtier's cold cache: the misses are part
   * of the result); otherwise a {@code run} on the embedded {@code memory} binding that finds its table empty loads
   * the workload's records first, as YCSB's load-then-run expects. Default: {@link #skipsLoad()}.
   */
  default boolean runsWithoutLoad() {
    return skipsLoad();
  }

  /**
   * Its records are not written before its runs in a {@code sweep} (and so a {@code study}): each run starts from an
   * empty store (with {@code --flush}, emptied before every repetition), as memtier_benchmark's do; its
   * {@code recordcount} is the key range, not a number of records to write. Default: no.
   */
  default boolean skipsLoad() {
    return false;
  }

  /**
   * Its load is a warm-up that a {@code sweep} (and so a {@code study}) writes again before every repetition, on
   * what the repetitions before left: with {@code --flush} the store is emptied only before the first (the memtier
   * study's object-cache iterations: FLUSHALL once per store, 100 warm-up keys before each iteration). Default: no.
   */
  default boolean warmsUpEachRun() {
    return false;
  }

  /** How long a {@code sweep} waits between a cell's repetitions, before the next one's load or run. Default: none. */
  default java.time.Duration pauseBetweenRuns() {
    return java.time.Duration.ZERO;
  }

  /**
   * Checks the values it reads when {@code dataintegrity=true}, as upstream's {@code CoreWorkload} does. A workload
   * that does not makes the engine say that {@code dataintegrity=true} has no effect, and lifts what the setting
   * forbids (pipelining, a few threads serving many clients), as it does for a load, which never reads. Default: yes.
   */
  default boolean checksValues() {
    return true;
  }

  /**
   * Never looks at what an operation returned (its status or the values read), so that its operations may complete
   * after the workload's call returned: the engine then may serve many closed-loop clients from a few threads through
   * a binding's asynchronous operations ({@code drivers=auto}). A workload that reacts to a miss (populate on miss),
   * verifies values, or reads and then writes what it read must not say so. Default: no.
   */
  default boolean pipelineSafe() {
    return false;
  }

  /**
   * Initialised, will call a blocking operation (a scan, a write with a time to live), which cannot run on a client
   * library's event loop: the engine then serves its clients from threads of its own. Default: no.
   */
  default boolean callsBlockingOperations() {
    return false;
  }

  /**
   * Initialised, sends commands whose effect stays on their connection for the commands after them (a transaction's
   * WATCH, MULTI and EXEC), so that each client's operations must go on a connection of its own in the order the
   * client made them: the engine then serves each client from a thread of its own with its own connection. Null:
   * none (the default); else which commands, for the run's header and for a refusal of shared connections.
   */
  default String keepsConnectionState() {
    return null;
  }

  /**
   * The clients the workload has of its own for these properties (a recording's clients, each to be a client thread
   * with its own connection), asked before the phase starts when {@code -threads} is not given; 0: none (the engine's
   * default). May read a file; a problem with it is left to {@code init} to say. Default: 0.
   */
  default int clients(java.util.Properties props) {
    return 0;
  }

  /**
   * Whether {@link #clients} may name clients of its own (a recording's), said without reading anything: for the
   * run's header before the file is read. Default: no.
   */
  default boolean hasClientsOfItsOwn() {
    return false;
  }

  /**
   * Its threads end when they have sent what is theirs (a recording replayed to its end), which is the run's normal
   * end rather than an early stop. Default: no.
   */
  default boolean endsOnItsOwn() {
    return false;
  }

  /** The traits of a workload that says none: upstream's {@code CoreWorkload}'s. */
  WorkloadTraits NONE = new WorkloadTraits() {};

  /** {@code workload}'s traits, or {@link #NONE}. */
  static WorkloadTraits of(Workload workload) {
    return workload instanceof WorkloadTraits t ? t : NONE;
  }

  /**
   * The traits of a workload class that do not depend on its properties, read from an instance only constructed
   * ({@link #NONE} when it cannot be: the run itself then says what is wrong with the class).
   */
  static WorkloadTraits of(Class<?> workloadClass) {
    if (!WorkloadTraits.class.isAssignableFrom(workloadClass)) {
      return NONE;
    }
    try {
      return (WorkloadTraits) workloadClass.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return NONE;
    }
  }
}
