package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.internal.link.RespLink;
import io.github.ycsbkv.internal.record.MonitorRecording;
import io.github.ycsbkv.internal.record.TrafficLogRecording;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ycsb record}: what a RESP server is sent, for a while, into a file that {@code ycsb replay} reads (#52). */
@Command(name = "record", mixinStandardHelpOptions = true, separator = " ", sortOptions = false,
    usageHelpAutoWidth = true,
    description = {"Record what a RESP server (Redis, Valkey, KeyDB, Dragonfly) is sent for a while, through its"
        + " MONITOR, into a file that 'ycsb replay' reads. On a cluster, give any node: every primary is recorded"
        + " into the one file.", ""},
    footer = {"", "Example: ycsb record -s 10.0.0.5 -p 6379 --seconds 60 --values size --out traffic.monitor",
        "Dragonfly: ycsb record -p 6380 --seconds 60 --traffic-log /var/tmp/traffic (its own log, on its machine)",
        "MONITOR costs the server CPU for every command it sends on (docs/replay.md says how much, measured): record"
            + " for as long as you need, not longer."})
final class RecordCommand implements Callable<Integer> {

  @Spec
  private CommandSpec spec;

  @Option(names = {"-s", "--host"}, paramLabel = "HOST", description = "The server's host (default ${DEFAULT-VALUE}).")
  private String host = "127.0.0.1";

  @Option(names = {"-p", "--port"}, paramLabel = "PORT", description = "The server's port (default ${DEFAULT-VALUE}).")
  private int port = 6379;

  @Option(names = "--user", paramLabel = "USER", description = "ACL user (with --password).")
  private String user;

  @Option(names = "--password", paramLabel = "PASSWORD", description = "The server's password; never printed.")
  private String password;

  @Option(names = "--tls", description = "Connect over TLS (the server's certificate checked against the JVM's CAs, or"
      + " --cacert's, and its host name).")
  private boolean tls;

  @Option(names = "--cacert", paramLabel = "FILE", description = "With --tls: the CA certificate(s) (PEM) that signed"
      + " the server's.")
  private Path cacert;

  @Option(names = "--tls-skip-verify", description = "With --tls: accept any certificate and host name.")
  private boolean tlsSkipVerify;

  @Option(names = "--seconds", paramLabel = "S", required = true, description = "How long to record.")
  private double seconds;

  @Option(names = "--values", paramLabel = "keep|size", description = "keep (default): values as sent; size: only"
      + " their sizes, so that the file holds no data (a replay generates that many bytes).")
  private String values = "keep";

  @Option(names = "--out", paramLabel = "FILE", description = "The recording, through MONITOR.")
  private Path out;

  @Option(names = "--traffic-log", paramLabel = "PREFIX", description = "Dragonfly only: record through its own"
      + " traffic log instead of MONITOR (DEBUG TRAFFIC START PREFIX), which the server writes on its machine as"
      + " PREFIX-000.bin, PREFIX-001.bin, ... (a file per server thread; replay any one of them); values are kept.")
  private String trafficLog;

  @Override
  public Integer call() {
    PrintWriter err = spec.commandLine().getErr();
    if (!(seconds > 0) || seconds > 86_400) {
      throw new UserError("--seconds must be over 0 and at most a day, got " + seconds);
    }
    MonitorRecording.Values kept = switch (values.trim().toLowerCase(Locale.ROOT)) {
      case "keep" -> MonitorRecording.Values.KEEP;
      case "size" -> MonitorRecording.Values.SIZE;
      default -> throw new UserError("--values must be keep or size, got '" + values + "'");
    };
    if ((cacert != null || tlsSkipVerify) && !tls) {
      throw new UserError((cacert != null ? "--cacert" : "--tls-skip-verify") + " is for a TLS connection: add --tls");
    }
    if (cacert != null && tlsSkipVerify) {
      throw new UserError("--cacert checks the server's certificate and --tls-skip-verify checks none: give one");
    }
    RespLink.Tls secure = tls ? new RespLink.Tls(cacert, tlsSkipVerify) : null;
    if ((out == null) == (trafficLog == null)) {
      throw new UserError("give one of --out FILE (through MONITOR) and --traffic-log PREFIX (Dragonfly's own log)");
    }
    if (trafficLog != null) {
      if (tls) {
        throw new UserError("--traffic-log over --tls is not supported yet: record through MONITOR with --out");
      }
      if (kept == MonitorRecording.Values.SIZE) {
        throw new UserError("--values size reduces MONITOR's lines; Dragonfly's traffic log keeps every value: drop"
            + " --values size, or record through MONITOR with --out");
      }
      err.println("ycsb-kv: record " + host + ":" + port + " for " + seconds + " s through its traffic log "
          + trafficLog + "-NNN.bin (on the server's machine)");
      int primaries = TrafficLogRecording.record(host, port, user, password, Duration.ofMillis((long) (seconds * 1000)),
          trafficLog);
      err.println("ycsb-kv: recorded into " + trafficLog + "-*.bin on the server's machine; replay one of them:"
          + " ycsb replay BINDING " + trafficLog + "-000.bin");
      if (primaries > 1) {
        err.println("ycsb: warning: " + host + ":" + port + " is one of its cluster's " + primaries + " primaries, and"
            + " its traffic log holds only what this node was sent: record the whole cluster through MONITOR (--out),"
            + " which records every primary into one file");
      }
      return 0;
    }
    Path parent = out.toAbsolutePath().getParent();
    if (parent != null && !java.nio.file.Files.isDirectory(parent)) {
      throw new UserError("--out " + out + ": its directory does not exist");
    }
    err.println("ycsb-kv: record " + host + ":" + port + (tls ? " over TLS" : "") + " for " + seconds + " s into "
        + out + (kept == MonitorRecording.Values.SIZE ? " (values as their sizes)" : ""));
    MonitorRecording.Summary s = MonitorRecording.record(new MonitorRecording.Server(host, port, user, password,
        secure), Duration.ofMillis((long) (seconds * 1000)), out, kept);
    String from = s.nodes() > 1 ? " from the cluster's " + s.nodes() + " primaries" : "";
    if (s.cut() != null) {
      err.println("ycsb: error: " + s.cut() + " before the time was up; the " + s.lines() + " command(s) recorded"
          + from + " so far are in " + out);
      return UserError.FAILED;
    }
    err.println("ycsb-kv: recorded " + s.lines() + " command(s)" + from + " into " + out);
    return 0;
  }
}
