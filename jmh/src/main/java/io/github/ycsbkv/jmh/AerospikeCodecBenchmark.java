package io.github.ycsbkv.jmh;

import com.aerospike.client.Bin;
import com.aerospike.client.Key;
import com.aerospike.client.Operation;
import com.aerospike.client.command.Command;
import com.aerospike.client.policy.WritePolicy;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The aerospike binding's client-side cost without the network, for a YCSB record of 10 bins of 100
 * bytes: the record key (Aerospike hashes every key with RIPEMD-160 into its digest), and a write and
 * a read command built into the client's wire buffer ({@code Command.setWrite}/{@code setRead}, what
 * the client does before it sends). Reply parsing needs the client's connection classes, so it is
 * not measured here; {@link LiveServerBenchmark} gives the whole round trip.
 *
 * <p>Run: {@code java -jar jmh/target/benchmarks.jar AerospikeCodecBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class AerospikeCodecBenchmark {

  /** A command that only builds its buffer (the client sizes, then fills it). */
  static final class Encoder extends Command {
    Encoder() {
      super(1000, 2000, 0);
    }

    @Override
    protected void sizeBuffer() {
      if (dataBuffer == null || dataBuffer.length < dataOffset) {
        dataBuffer = new byte[Math.max(8192, dataOffset)];
      }
    }
  }

  private final Encoder encoder = new Encoder();
  private final WritePolicy policy = new WritePolicy();
  private final Bin[] bins = new Bin[10];
  private final String[] names = new String[10];
  private final Key key = new Key("test", "usertable", "user6284781860667377211");
  private long n;

  @Setup
  public void setUp() {
    for (int f = 0; f < 10; f++) {
      byte[] v = new byte[100];
      java.util.Arrays.fill(v, (byte) ('a' + f));
      names[f] = "field" + f;
      bins[f] = new Bin(names[f], v);
    }
  }

  /** new Key(...): the RIPEMD-160 digest of set and user key, on every operation. */
  @Benchmark
  public Key key() {
    return new Key("test", "usertable", "user" + (6284781860667377211L + (n++ & 1023)));
  }

  /** An insert of ten 100-byte bins into the wire buffer. */
  @Benchmark
  public int writeCommand() {
    encoder.setWrite(policy, Operation.Type.WRITE, key, bins);
    return encoder.dataOffset;
  }

  /** A read of all bins into the wire buffer. */
  @Benchmark
  public int readCommand() {
    encoder.setRead(policy, key, (String[]) null);
    return encoder.dataOffset;
  }
}
