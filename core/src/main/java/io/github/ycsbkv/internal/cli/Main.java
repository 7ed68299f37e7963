package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.internal.cli.console.Interrupts;
import io.github.ycsbkv.results.EnvironmentInfo;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * The {@code ycsb} command line: {@code load}, {@code run}, {@code capacity}, {@code sweep}, {@code study},
 * {@code suite}, {@code record}, {@code replay}, {@code merge}, {@code report}, {@code bindings}, {@code demo} (and
 * {@code help});
 * {@code memtier} (memtier_benchmark's command line, {@link io.github.ycsbkv.internal.memtier.MemtierRun}) is parsed
 * outside picocli.
 *
 * <p>{@link #main} is the only place that calls {@link System#exit}; {@link #execute} runs a
 * command line and returns its exit code (0 success, 1 the benchmark failed, 2 bad input, 3 the run
 * finished but operations failed beyond {@code errors.tolerance}, 130 interrupted), for tests and for
 * programs that embed the command line.
 */
@Command(name = "ycsb", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    sortOptions = false, usageHelpAutoWidth = true,
    description = {"Benchmarks key-value stores with YCSB workloads: Redis, Valkey, KeyDB, Dragonfly, Aerospike.",
        "", "Example:", "  ycsb load memory -P workloads/workloada", "  ycsb run redis -P workloads/workloada -threads 8 -s",
        "  ycsb capacity redis -P workloads/readheavy -threads 50 --slo p99=1ms",
        "  ycsb memtier -s 127.0.0.1 -p 6379 -t 4 -c 50 --ratio 1:10 --json-out-file out.json"
            + "   (memtier_benchmark's options; ycsb memtier --help)", ""},
    subcommands = {LoadCommand.class, RunCommand.class, CapacityCommand.class, SweepCommand.class, StudyCommand.class,
        MemtierCommand.class, SuiteCommand.class, RecordCommand.class, ReplayCommand.class, MergeCommand.class,
        ReportCommand.class, BindingsCommand.class, DemoCommand.class,
        CommandLine.HelpCommand.class},
    footer = {"", "Exit codes: 0 success, 1 the benchmark failed, 2 bad input, 3 finished but operations failed",
        "(more than -p errors.tolerance=N or =P%%, default 0), 130 interrupted (Ctrl-C).",
        "Set YCSB_KV_DEBUG=1 to print stack traces of errors.",
        "bin/ycsb reads JAVA_HOME, JAVA_OPTS and YCSB_CLASSPATH; load and run keep a class-data archive per binding",
        "(faster JVM start) under core/target/cds, off with YCSB_KV_CDS=0.",
        "Docs: README.md and docs/ in the ycsb-kv directory."})
public final class Main implements Runnable {

  @Spec
  CommandSpec spec;

  private Main() {}

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getErr());
    throw new UserError("no command given; use one of: load, run, capacity, sweep, study, memtier, suite, record,"
        + " replay, merge, report, bindings, demo");
  }

  /** Runs the command line and exits with its code. */
  public static void main(String[] args) {
    Interrupts.install();
    int code = execute(args, System.out, System.err);
    System.out.flush();
    System.err.flush();
    System.exit(code);
  }

  /** Runs the command line, printing to {@code out} and {@code err}; returns the exit code. */
  public static int execute(String[] args, PrintStream out, PrintStream err) {
    if (args.length > 0 && args[0].equals("memtier")) {
      return memtier(java.util.Arrays.asList(args).subList(1, args.length), out, err);
    }
    CommandLine cmd = new CommandLine(new Main());
    cmd.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
    cmd.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
    // YCSB options are words with one dash (-threads, -target): never read "-threadz" as "-t -h ...".
    cmd.setPosixClusteredShortOptionsAllowed(false);
    CapacityCommand.adjust(cmd.getSubcommands().get("capacity").getCommandSpec());
    cmd.setParameterExceptionHandler((ex, badArgs) -> {
      CommandLine where = ex.getCommandLine();
      String name = where.getCommandSpec().qualifiedName();
      String message = ex.getMessage();
      if (where.getCommand() instanceof Main && ex instanceof CommandLine.UnmatchedArgumentException) {
        message = "unknown command '" + ((CommandLine.UnmatchedArgumentException) ex).getUnmatched().get(0)
            + "'; commands: load, run, capacity, sweep, study, memtier, suite, record, replay, merge,"
            + " report, bindings, demo";
      }
      where.getErr().println(name + ": " + message + " (see '" + name + " --help')");
      return UserError.USAGE;
    });
    cmd.setExecutionExceptionHandler((ex, where, parseResult) -> {
      PrintWriter e = where.getErr();
      if (ex instanceof UserError user) {
        e.println("ycsb: " + user.getMessage());
        debugTrace(ex, e);
        return user.exitCode();
      }
      e.println("ycsb: internal error: " + UserError.describe(ex)
          + " (a bug in ycsb-kv; YCSB_KV_DEBUG=1 prints the stack trace)");
      debugTrace(ex, e);
      return UserError.FAILED;
    });
    return cmd.execute(args);
  }

  /**
   * {@code ycsb memtier}: memtier_benchmark's own command line, parsed as memtier parses it (its {@code -h} is the
   * host, its options are getopt's), so outside picocli.
   */
  private static int memtier(java.util.List<String> args, PrintStream out, PrintStream err) {
    PrintWriter o = new PrintWriter(out, true, StandardCharsets.UTF_8);
    PrintWriter e = new PrintWriter(err, true, StandardCharsets.UTF_8);
    try {
      // On a terminal, each run's progress line (as memtier_benchmark shows its own), erased when the run ends.
      return io.github.ycsbkv.internal.memtier.MemtierRun.execute(args, o, e, Interrupts::setActive,
          Boolean.getBoolean(PhaseCommand.STDERR_TTY) ? err : null);
    } catch (UserError user) {
      e.println("ycsb memtier: " + user.getMessage());
      debugTrace(user, e);
      return user.exitCode();
    } catch (RuntimeException ex) {
      e.println("ycsb memtier: internal error: " + UserError.describe(ex)
          + " (a bug in ycsb-kv; YCSB_KV_DEBUG=1 prints the stack trace)");
      debugTrace(ex, e);
      return UserError.FAILED;
    } finally {
      Interrupts.setActive(null);
      o.flush();
      e.flush();
    }
  }

  private static void debugTrace(Throwable ex, PrintWriter err) {
    if ("1".equals(System.getenv("YCSB_KV_DEBUG"))) {
      ex.printStackTrace(err);
    }
  }

  /** Prints ycsb-kv's version and the JVM it runs on. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"ycsb-kv " + EnvironmentInfo.currentToolVersion() + " (YCSB core 0.17.0 contracts)",
          "JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")};
    }
  }
}
