package io.github.ycsbkv.internal.memtier;

import io.github.ycsbkv.config.UserError;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ycsb suite --list}: each suite's preload and clients as the memtier_benchmark arguments {@code ycsb memtier}
 * would run (with {@code --cluster-mode} where {@code --store} would start a cluster for it), or why it is skipped,
 * and the stores of {@code --store} that skip it; nothing runs.
 */
final class SuiteListing {

  private SuiteListing() {}

  /**
   * {@code --list}: nothing runs; a line per suite's preload and client, tab-separated: the suite, {@code preload} or
   * {@code client N}, its memtier_benchmark arguments as ycsb memtier would run them (shell-quoted); or the suite,
   * {@code skipped} and why. For scripts that run the same command lines with memtier_benchmark (bin/bench suites).
   */
  static void list(List<SuiteFile> suites, SuiteRun.Options o, PrintWriter out) {
    for (SuiteFile s : suites) {
      String why = SuiteRun.notHere(s);
      SuiteServers.Topology topology = o.stores().isEmpty() ? null : SuiteServers.Topology.choose(s.topologies());
      if (why == null) {
        why = o.stores().isEmpty() ? SuiteServers.given(o.host(), o.port()).serve(s).why()
            : topology == null ? SuiteServers.notMade(s.topologies()) : null;
      }
      boolean cluster = topology != null && topology.cluster();
      List<String> lines = new ArrayList<>();
      if (s.preload() != null && why == null) {
        List<String> preload = SuiteClients.clusterMode(ShellWords.split(s.preload().arguments(), s.name()
            + "'s preload"), cluster);
        why = refusal(preload, "its preload: ");
        lines.add(s.name() + "\tpreload\t" + String.join(" ", preload.stream().map(SuiteListing::quote).toList()));
      }
      for (int i = 0; i < s.clients().size() && why == null; i++) {
        List<String> args = SuiteClients.clusterMode(SuiteClients.clientArgs(s, i, o.testTime()), cluster);
        why = refusal(args, "");
        lines.add(s.name() + "\tclient " + (i + 1) + "\t" + String.join(" ", args.stream().map(SuiteListing::quote)
            .toList()));
      }
      if (why != null) {
        out.println(s.name() + "\tskipped\t" + why);
      } else {
        lines.forEach(out::println);
        if (topology != null && !topology.persistence().isEmpty() && o.stores().contains("dragonfly")) {
          out.println(s.name() + "\tskipped on dragonfly\t" + SuiteServers.noPersistence(topology));
        }
      }
    }
    out.flush();
  }

  /** Why ycsb memtier refuses {@code args} (prefixed), or null. */
  private static String refusal(List<String> args, String prefix) {
    try {
      MemtierArgs.parse(args);
      return null;
    } catch (UserError e) {
      return prefix + e.getMessage();
    }
  }

  /** {@code w} as a POSIX shell reads it back. */
  static String quote(String w) {
    return w.isEmpty() || w.matches(".*[\\s\"'*$].*") ? "'" + w.replace("'", "'\\''") + "'" : w;
  }

}
