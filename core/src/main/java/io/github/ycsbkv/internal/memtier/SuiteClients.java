package io.github.ycsbkv.internal.memtier;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.stop.StopSignal;
import io.github.ycsbkv.internal.cli.console.Interrupts;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * A suite's memtier command lines as {@code ycsb suite} runs them through {@code ycsb memtier}: each client's
 * arguments (the test time given, {@code --cluster-mode} on a cluster), the server's address added, run into its
 * directory, several clients at once.
 */
final class SuiteClients {

  private SuiteClients() {}

  /**
   * {@code args} with {@code --cluster-mode} on a cluster, as the specification's runner adds it to the suites it
   * runs on {@code oss-cluster-N-primaries} (their arguments never name it).
   */
  static List<String> clusterMode(List<String> args, boolean cluster) {
    if (!cluster || args.contains("--cluster-mode")) {
      return args;
    }
    List<String> all = new ArrayList<>(args);
    all.add("--cluster-mode");
    return all;
  }

  /** The suite's clients run (several at once when it has several); their exit codes, in order. */
  static List<Integer> runClients(List<List<String>> clients, SuiteRun.Options o, String binding, Path dir,
      List<String> notes, Consumer<StopSignal> stopSignal) {
    List<Integer> codes = new ArrayList<>();
    if (clients.size() == 1) {
      codes.add(memtier(clients.get(0), o, binding, dir, stopSignal));
    } else {
      ExecutorService pool = Executors.newFixedThreadPool(clients.size());
      try {
        List<Future<Integer>> all = new ArrayList<>();
        for (int i = 0; i < clients.size(); i++) {
          List<String> args = clients.get(i);
          Path d = dir.resolve("client-" + (i + 1));
          all.add(pool.submit(() -> memtier(args, o, binding, d, signal -> { })));
        }
        for (Future<Integer> f : all) {
          try {
            codes.add(f.get());
          } catch (java.util.concurrent.ExecutionException e) {
            codes.add(UserError.FAILED);
            notes.add("a client failed: " + UserError.describe(e.getCause()));
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        codes.add(Interrupts.EXIT_INTERRUPTED);
      } finally {
        pool.shutdownNow();
      }
    }
    return codes;
  }


  /**
   * Client {@code i} of suite {@code s} as ycsb memtier takes it, {@code --test-time} shortened to {@code testTime}
   * (null: as written). Where the suite's clients run for different times, each keeps what it runs beyond the
   * shortest: the blocking suites' producer outlives its consumers by 5 s so that each read still blocked at their end
   * gets a last push and returns (memtier waits for every reply), and a uniform time would leave them blocked.
   */
  static List<String> clientArgs(SuiteFile s, int i, Integer testTime) {
    List<String> words = ShellWords.split(s.clients().get(i).arguments(), s.name());
    if (testTime == null || s.clients().size() < 2) {
      return clientArgs(words, testTime);
    }
    long shortest = Long.MAX_VALUE;
    for (SuiteFile.Tool t : s.clients()) {
      long own = ownTestTime(ShellWords.split(t.arguments(), s.name()));
      shortest = own >= 0 ? Math.min(shortest, own) : shortest;
    }
    long own = ownTestTime(words);
    return clientArgs(words, own >= 0 ? (int) Math.min(Integer.MAX_VALUE, testTime + own - shortest) : testTime);
  }

  /** The {@code --test-time} a client's words give, or -1. */
  private static long ownTestTime(List<String> words) {
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      String v = w.equals("--test-time") && i + 1 < words.size() ? words.get(i + 1)
          : w.startsWith("--test-time=") ? w.substring("--test-time=".length()) : null;
      if (v != null) {
        try {
          return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
          return -1; // ycsb memtier says what is wrong with it
        }
      }
    }
    return -1;
  }

  /**
   * The client's arguments as ycsb memtier takes them: {@code --test-time S} in place of the suite's duration or
   * request count when given.
   */
  static List<String> clientArgs(List<String> words, Integer testTime) {
    if (testTime == null) {
      return words;
    }
    List<String> out = new ArrayList<>();
    Set<String> valued = Set.of("--test-time", "-n", "--requests");
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (valued.contains(w)) {
        i++;
      } else if (!w.startsWith("--test-time=") && !w.startsWith("--requests=") && !(w.startsWith("-n")
          && w.length() > 2)) {
        out.add(w);
      }
    }
    out.addAll(List.of("--test-time", Integer.toString(testTime)));
    return out;
  }

  /** Runs one memtier command line against the server into {@code dir}; returns its exit code. */
  static int memtier(List<String> args, SuiteRun.Options o, String binding, Path dir, Consumer<StopSignal> stop) {
    List<String> all = serverArgs(args, o, binding);
    all.addAll(List.of("--json-out-file", dir.resolve("memtier.json").toString(), "--export-dir",
        dir.resolve("ycsb-kv").toString()));
    try {
      Files.createDirectories(dir);
      try (PrintWriter table = new PrintWriter(Files.newBufferedWriter(dir.resolve("memtier.txt"),
          StandardCharsets.UTF_8)); PrintWriter log = new PrintWriter(Files.newBufferedWriter(dir.resolve("log.txt"),
          StandardCharsets.UTF_8))) {
        log.println("ycsb memtier " + String.join(" ", all.stream().map(SuiteListing::quote).toList()));
        try {
          return MemtierRun.execute(all, table, log, stop);
        } catch (UserError e) {
          log.println("ycsb memtier: " + e.getMessage());
          return e.exitCode();
        }
      }
    } catch (IOException e) {
      throw new UserError("cannot write to '" + dir + "': " + UserError.describe(e));
    }
  }

  /** {@code args} with the server's address, the binding and the credentials. */
  static List<String> serverArgs(List<String> args, SuiteRun.Options o, String binding) {
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of("-s", o.host(), "-p", Integer.toString(o.port()), "--binding", binding));
    if (o.password() != null) {
      all.addAll(List.of("-a", o.user() == null ? o.password() : o.user() + ":" + o.password()));
    }
    return all;
  }
}
