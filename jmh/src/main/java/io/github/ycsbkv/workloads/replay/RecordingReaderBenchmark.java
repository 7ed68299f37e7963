package io.github.ycsbkv.workloads.replay;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What reading a recording costs a replay, per line (#52: reading a file must never be what limits the rate): a file
 * of {@value #LINES} lines read whole by the format's reader, each command parsed into its words. MONITOR lines are
 * Redis's, a SET of 32 letters or a GET on 64 clients; cache-trace lines Twitter's, gets and sets on 64 clients. The
 * result, in nanoseconds per line, is a reader thread's ceiling in lines a second (1e9 over it); one reader thread feeds
 * every client thread. In the replay's package (its readers are package-private), in the jmh module. Run: {@code java
 * -jar jmh/target/benchmarks.jar RecordingReaderBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RecordingReaderBenchmark {

  static final int LINES = 100_000;

  @Param({"monitor", "twitter"})
  public String format;

  private Path file;
  private RecordingFormat kind;

  @Setup(Level.Trial)
  public void write() throws IOException {
    kind = RecordingFormat.of(format, null);
    file = Files.createTempFile("ycsb-kv-recording", "." + format);
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.ISO_8859_1)) {
      for (int i = 0; i < LINES; i++) {
        long micros = 1_764_031_576_000_000L + i * 50L;
        if (kind == RecordingFormat.MONITOR) {
          w.write(String.format(Locale.ROOT, "%d.%06d [0 10.0.0.1:%d] ", micros / 1_000_000, micros % 1_000_000,
              40000 + i % 64));
          w.write(i % 10 == 0 ? "\"SET\" \"memtier-" + (i * 7919 % 1_000_000) + "\" \"" + "x".repeat(32) + "\"\n"
              : "\"GET\" \"memtier-" + (i * 7919 % 1_000_000) + "\"\n");
        } else {
          w.write((micros / 1_000_000) + ",key" + (i * 7919 % 1_000_000) + ",9," + (i % 10 == 0 ? 230 : 0) + ","
              + (i % 64) + "," + (i % 10 == 0 ? "set" : "get") + ",0\n");
        }
      }
    }
  }

  @TearDown(Level.Trial)
  public void delete() throws IOException {
    Files.deleteIfExists(file);
  }

  /** Every line of the file, parsed; returns the words read so that none of it is dead code. */
  @Benchmark
  @OperationsPerInvocation(LINES)
  public long readEveryLine() {
    long words = 0;
    try (RecordingReader in = kind.open(file)) {
      Recorded r;
      while ((r = in.next()) != null) {
        words += r.args().length;
      }
    }
    return words;
  }
}
