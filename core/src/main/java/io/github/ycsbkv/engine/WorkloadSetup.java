package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.spi.ArrivalInstants;
import java.util.Properties;
import site.ycsb.Workload;

/** The phase's workload: created by class name, initialised, and asked what it checks. Stateless. */
final class WorkloadSetup {

  private WorkloadSetup() {}

  /**
   * The {@value EngineProperties#WORKLOAD} class of {@code props}, from {@code loader}, initialised with {@code props}.
   */
  static Workload create(Properties props, ClassLoader loader) {
    String name = props.getProperty(EngineProperties.WORKLOAD, EngineProperties.DEFAULT_WORKLOAD).trim();
    Class<?> type;
    try {
      type = Class.forName(name, true, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new UserError("workload class '" + name + "' not found on the class path; add its jar with -cp");
    }
    if (!Workload.class.isAssignableFrom(type)) {
      throw new UserError("workload class '" + name + "' is not a site.ycsb.Workload");
    }
    if (site.ycsb.workloads.CoreWorkload.class.isAssignableFrom(type)) {
      CoreWorkloadChecks.check(props);
    }
    Workload workload;
    try {
      workload = (Workload) type.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new UserError("cannot create workload '" + name + "': " + UserError.describe(e));
    }
    try {
      workload.init(props);
    } catch (Exception e) {
      throw new UserError("workload '" + name + "' rejected its properties: " + UserError.describe(e));
    }
    return workload;
  }

  /**
   * The workload class's traits; without {@value EngineProperties#THREADS}, sets it to the clients the workload has of
   * its own ({@link WorkloadTraits#clients}, a recording's), one thread each; a workload class that cannot be loaded is
   * left to {@link #create} to say so.
   */
  static WorkloadTraits clientsOfItsOwn(Properties props, ClassLoader loader, Warnings warnings) {
    String name = props.getProperty(EngineProperties.WORKLOAD, EngineProperties.DEFAULT_WORKLOAD).trim();
    Class<?> type;
    try {
      type = Class.forName(name, true, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      return WorkloadTraits.NONE;
    }
    WorkloadTraits traits = WorkloadTraits.of(type);
    if (props.getProperty(EngineProperties.THREADS) != null) {
      return traits;
    }
    int clients = traits.clients(props);
    if (clients > 0) {
      props.setProperty(EngineProperties.THREADS, Integer.toString(clients));
      warnings.note("load: " + clients + " client thread(s), one per client of the workload's own (-threads N folds"
          + " them onto N)");
    }
    return traits;
  }

  /**
   * A workload that says each operation's instant ({@link ArrivalInstants}) sets its own pace (a {@code -target} is
   * the workload's to read: a replay scales its recorded pace to it): a pipeline and shared driver threads are refused
   * beside it.
   */
  static void checkInstants(Workload workload, int pipeline, Properties props) {
    if (!(workload instanceof ArrivalInstants)) {
      return;
    }
    String name = workload.getClass().getSimpleName();
    if (pipeline > 1) {
      throw new UserError(name + " sends each client's operations one at a time, as they were recorded: drop -p "
          + EngineProperties.PIPELINE + "=" + pipeline);
    }
    String drivers = props.getProperty(Drivers.PROPERTY, "auto").trim();
    if (!drivers.equals("auto") && !drivers.equals("0")) {
      throw new UserError(name + " runs a thread per client: drop -p " + Drivers.PROPERTY + "=" + drivers);
    }
  }

  /**
   * Whether this phase checks the values it reads ({@code dataintegrity=true}, a run, and a workload that checks
   * them); {@code dataintegrity=true} on a workload that does not check is a warning, and with a pipeline an error
   * (pipelined reads return before their values arrive).
   */
  static boolean verifying(Phase phase, Properties props, Workload workload, int pipeline, Warnings warnings) {
    boolean integrity = Props.getBoolean(props, "dataintegrity", false);
    boolean checksValues = WorkloadTraits.of(workload).checksValues();
    if (integrity && !checksValues) {
      warnings.warn("dataintegrity=true has no effect: " + workload.getClass().getSimpleName()
          + " does not check the values it reads");
    }
    boolean verifying = integrity && checksValues && phase == Phase.RUN;
    if (pipeline > 1 && verifying) {
      throw new UserError("dataintegrity=true checks each read's values when the read returns, and pipelined reads"
          + " return before their values arrive; use pipeline=1 to check data");
    }
    return verifying;
  }
}
