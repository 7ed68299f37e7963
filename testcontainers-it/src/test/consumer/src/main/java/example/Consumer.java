package example;

import io.github.ycsbkv.config.PropertySources;
import io.github.ycsbkv.engine.Benchmarks;
import io.github.ycsbkv.engine.Phase;
import io.github.ycsbkv.results.BenchmarkResult;
import java.util.List;

/**
 * Benchmarks a Dragonfly server with ycsb-kv as a library, as README.md shows: a workload file and properties, the
 * binding by name, a load and a run. Arguments: the workload file, the server's host and port, then any
 * more KEY=VALUE properties.
 */
public final class Consumer {

  public static void main(String[] args) {
    var pairs = new java.util.ArrayList<>(List.of("dragonfly.host=" + args[1], "dragonfly.port=" + args[2],
        "recordcount=1000", "operationcount=5000", "threadcount=4"));
    pairs.addAll(List.of(args).subList(3, args.length));
    var props = PropertySources.load(List.of(args[0]), pairs);
    Benchmarks dragonfly = Benchmarks.of("dragonfly", props);
    BenchmarkResult loaded = dragonfly.run(Phase.LOAD);
    BenchmarkResult ran = dragonfly.run(Phase.RUN);
    System.out.printf("load: %s%s%n", loaded.stopReason(), loaded.error() == null ? "" : " (" + loaded.error() + ")");
    System.out.printf("loaded=%d ran=%d stop=%s read.p99.us=%.1f server=%s%n", loaded.operations(), ran.operations(),
        ran.stopReason(), ran.operation("READ").serviceOk().percentileMicros(99), ran.server().get("after").server());
  }
}
