package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.Phase;
import java.util.Properties;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ycsb replay BINDING FILE}: {@code ycsb run BINDING} with the replay workload on {@code FILE} (#52), every
 * option of {@code run} beside.
 */
@Command(name = "replay", mixinStandardHelpOptions = true, separator = " ", sortOptions = false,
    usageHelpAutoWidth = true,
    description = {"Replay a recording through a binding: each recorded command sent by its recorded client at its"
        + " recorded instant (an open loop: latency from that instant), or as fast as each client goes.",
        "Reads Redis MONITOR output (Redis, Valkey, KeyDB, Dragonfly; memtier's --monitor-input), Dragonfly's traffic"
            + " log, Twitter's cache traces and a CSV of your own columns (-p replay.format=csv -p"
            + " replay.csv.columns=time,op,key,value_size); the same as 'ycsb run BINDING -P workloads/replay -p"
            + " replay.file=FILE'.",
        "On aerospike, the key-value subset: GET, SET, SETEX, MGET, MSET, DEL, ... as reads, inserts and deletes; the"
            + " other commands counted and said.", ""},
    footer = {"", "Example: ycsb replay redis monitor.txt -p redis.host=10.0.0.5 --speed 2",
        "Each recorded client is a client thread with its own connection (at most 256; -threads N folds them onto N).",
        "-p replay.keyprefix=P puts P before every key the recording names.",
        "Results as for run; -p export.dir=DIR also writes DIR/result.json. docs/replay.md."})
final class ReplayCommand extends PhaseCommand {

  static final String WORKLOAD = "io.github.ycsbkv.workloads.replay.ReplayWorkload";

  @Parameters(index = "1", paramLabel = "FILE", description = "The recording (property replay.file).")
  private String file;

  @Option(names = "--speed", paramLabel = "X|max", description = "How many times the recorded pace (property"
      + " replay.speed, default 1), or max: each client sends its next command as soon as the last one returned.")
  private String speed;

  @Override
  Phase phase() {
    return Phase.RUN;
  }

  @Override
  String threadsText(Properties props, int threads, ClassLoader loader) {
    return props.getProperty(EngineProperties.THREADS) == null ? "a thread per recorded client"
        : threads + " thread(s)";
  }

  @Override
  void addOwn(Properties props) {
    String given = props.getProperty(EngineProperties.WORKLOAD);
    if (given != null && !given.trim().equals(WORKLOAD)) {
      throw new UserError("ycsb replay runs the replay workload; drop workload=" + given.trim() + " (or use ycsb run)");
    }
    props.setProperty(EngineProperties.WORKLOAD, WORKLOAD);
    props.setProperty("replay.file", file);
    if (speed != null) {
      props.setProperty("replay.speed", speed);
    }
  }
}
