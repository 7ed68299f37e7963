package io.github.ycsbkv.jmh;

import io.github.ycsbkv.codec.FieldCodec;
import io.github.ycsbkv.internal.resp.wire.RespReader;
import io.github.ycsbkv.internal.resp.wire.RespWriter;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.output.IntegerOutput;
import io.lettuce.core.output.MapOutput;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import io.lettuce.core.protocol.RedisStateMachine;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.util.RedisInputStream;
import redis.clients.jedis.util.RedisOutputStream;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * The client-side cost of one RESP operation without the network, for a YCSB record of 10 fields of
 * 100 bytes (the read-heavy and balanced workloads): the string model's record encoding
 * ({@link FieldCodec}, used by the redis, valkey, keydb and dragonfly bindings with
 * {@code datatype=string}), building and serialising an {@code HSET} command and parsing an
 * {@code HGETALL} reply, with Jedis (the redis binding's blocking path), with Lettuce (the dragonfly binding's
 * alternative client) and with the RESP engine's own writer and reader ({@code io.github.ycsbkv.resp}, the
 * asynchronous path of both).
 *
 * <p>Run: {@code java -jar jmh/target/benchmarks.jar RespCodecBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RespCodecBenchmark {

  private final Map<String, byte[]> record = new LinkedHashMap<>();
  private final Map<byte[], byte[]> hash = new LinkedHashMap<>();
  private final byte[] key = "user6284781860667377211".getBytes(StandardCharsets.US_ASCII);
  private byte[] encoded;
  private byte[] hgetallReply;
  private final ByteArrayOutputStream sink = new ByteArrayOutputStream(4096);
  private ByteBuf lettuceOut;
  private ByteBuf lettuceIn;
  private RedisStateMachine stateMachine;
  private static final byte[] HSET = "HSET".getBytes(StandardCharsets.US_ASCII);
  private final String keyText = new String(key, StandardCharsets.US_ASCII);
  private final RespReader reader = new RespReader();
  private ByteBuf engineOut;
  private ByteBuf engineIn;
  private static final byte[] GET = "GET".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] SET = "SET".getBytes(StandardCharsets.US_ASCII);
  private final String memtierKey = "memtier-1843727";
  private final byte[] value512 = new byte[512];
  private ByteBuf smallOut;
  /** The specification's SADD of 100 members (its intset suites): the name, a key and 100 numbers. */
  private final byte[][] sadd = new byte[102][];
  /** The memtier shape as the commands workload hands it over: a GET and a SET of 512 bytes, each argument bytes. */
  private final byte[][] getArgs = {GET, "memtier-1843727".getBytes(StandardCharsets.US_ASCII)};
  private final byte[][] setArgs = {SET, getArgs[1], value512};
  /** memtier_benchmark's default SET (a 32-byte value) for the pipelined shape. */
  private final byte[][] set32Args = {SET, getArgs[1], new byte[32]};

  @Setup
  public void setUp() throws IOException {
    ByteArrayOutputStream reply = new ByteArrayOutputStream();
    reply.write("*20\r\n".getBytes(StandardCharsets.US_ASCII));
    java.util.SplittableRandom r = new java.util.SplittableRandom(7);
    for (int f = 0; f < 10; f++) {
      byte[] v = new byte[100];
      for (int b = 0; b < v.length; b++) {
        v[b] = (byte) ('a' + r.nextInt(26));
      }
      record.put("field" + f, v);
      hash.put(("field" + f).getBytes(StandardCharsets.US_ASCII), v);
      for (byte[] bulk : new byte[][] {("field" + f).getBytes(StandardCharsets.US_ASCII), v}) {
        reply.write(("$" + bulk.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
        reply.write(bulk);
        reply.write("\r\n".getBytes(StandardCharsets.US_ASCII));
      }
    }
    encoded = FieldCodec.encodeRecord(record, 10);
    hgetallReply = reply.toByteArray();
    lettuceOut = Unpooled.buffer(4096);
    lettuceIn = Unpooled.wrappedBuffer(hgetallReply);
    stateMachine = new RedisStateMachine(ByteBufAllocator.DEFAULT);
    engineOut = Unpooled.directBuffer(4096);
    engineIn = Unpooled.directBuffer(hgetallReply.length).writeBytes(hgetallReply);
    smallOut = ByteBufAllocator.DEFAULT.ioBuffer(4096);
    sadd[0] = "SADD".getBytes(StandardCharsets.US_ASCII);
    sadd[1] = "intset:1843727".getBytes(StandardCharsets.US_ASCII);
    for (int i = 2; i < sadd.length; i++) {
      sadd[i] = Integer.toString(100_000 + i * 37).getBytes(StandardCharsets.US_ASCII);
    }
  }

  @TearDown
  public void tearDown() {
    stateMachine.close();
    smallOut.release();
  }

  /** The string model: ten fields into one value. */
  @Benchmark
  public byte[] stringModelEncode() {
    return FieldCodec.encodeRecord(record, 10);
  }

  /** The string model: one value back into ten fields. */
  @Benchmark
  public Map<String, byte[]> stringModelDecode() {
    return FieldCodec.decodeRecord(encoded, 10, "field");
  }

  /** Jedis: an HSET of ten fields, serialised as the redis binding sends it. */
  @Benchmark
  public int jedisHsetCommand() throws IOException {
    sink.reset();
    CommandArguments args = new CommandArguments(Protocol.Command.HSET).key(key);
    hash.forEach((f, v) -> args.add(f).add(v));
    RedisOutputStream out = new RedisOutputStream(sink);
    Protocol.sendCommand(out, args);
    out.flush();
    return sink.size();
  }

  /** Jedis: an HGETALL reply of ten fields parsed into its byte arrays. */
  @Benchmark
  public Object jedisHgetallReply() {
    return Protocol.read(new RedisInputStream(new ByteArrayInputStream(hgetallReply)));
  }

  /** Lettuce: an HSET of ten fields encoded into a Netty buffer, as the dragonfly binding sends it. */
  @Benchmark
  public int lettuceHsetCommand() {
    lettuceOut.clear();
    CommandArgs<byte[], byte[]> args = new CommandArgs<>(ByteArrayCodec.INSTANCE).addKey(key).add(hash);
    new Command<>(CommandType.HSET, new IntegerOutput<>(ByteArrayCodec.INSTANCE), args).encode(lettuceOut);
    return lettuceOut.readableBytes();
  }

  /** The RESP engine's writer: the same HSET of ten fields, straight into the connection's Netty buffer. */
  @Benchmark
  public int engineHsetCommand() {
    engineOut.clear();
    RespWriter.command(engineOut, 2 + 2 * record.size());
    RespWriter.bulk(engineOut, HSET);
    RespWriter.bulk(engineOut, keyText);
    for (Map.Entry<String, byte[]> e : record.entrySet()) {
      RespWriter.bulk(engineOut, e.getKey());
      RespWriter.bulk(engineOut, e.getValue());
    }
    return engineOut.readableBytes();
  }

  /**
   * The RESP engine's writer on the memtier shape: a {@code GET} and a {@code SET} of 512 bytes of one memtier key,
   * into a buffer of the allocator the engine's connections use (two short commands, where the header pieces
   * weigh most).
   */
  @Benchmark
  public int engineGetSetCommands() {
    smallOut.clear();
    RespWriter.command(smallOut, 2);
    RespWriter.bulk(smallOut, GET);
    RespWriter.bulk(smallOut, memtierKey);
    RespWriter.command(smallOut, 3);
    RespWriter.bulk(smallOut, SET);
    RespWriter.bulk(smallOut, memtierKey);
    RespWriter.bulk(smallOut, value512);
    return smallOut.readableBytes();
  }

  /** The SADD of 100 members, each argument written alone (a header, the bytes, a line's end: three writes each). */
  @Benchmark
  public int engineSaddEachArgument() {
    smallOut.clear();
    RespWriter.command(smallOut, sadd.length);
    for (byte[] a : sadd) {
      RespWriter.bulk(smallOut, a);
    }
    return smallOut.readableBytes();
  }

  /** The same SADD as the engine writes a template's command: its short pieces gathered and written in one. */
  @Benchmark
  public int engineSaddGathered() {
    smallOut.clear();
    RespWriter.command(smallOut, sadd);
    return smallOut.readableBytes();
  }

  /** The memtier shape's GET and SET of 512 bytes, as argument bytes, each argument written alone. */
  @Benchmark
  public int engineGetSetEachArgument() {
    smallOut.clear();
    for (byte[][] c : new byte[][][] {getArgs, setArgs}) {
      RespWriter.command(smallOut, c.length);
      for (byte[] a : c) {
        RespWriter.bulk(smallOut, a);
      }
    }
    return smallOut.readableBytes();
  }

  /** The same GET and SET gathered (the SET's value of 512 bytes written straight after its gathered head). */
  @Benchmark
  public int engineGetSetGathered() {
    smallOut.clear();
    RespWriter.command(smallOut, getArgs);
    RespWriter.command(smallOut, setArgs);
    return smallOut.readableBytes();
  }

  /**
   * The pipelined memtier shape's writes (#51: {@code --pipeline 50 --ratio 1:10}): 50 commands, 5 SETs of 32 bytes and
   * 45 GETs, gathered into one buffer of the engine's allocator, as a connection's flush holds them.
   */
  @Benchmark
  public int enginePipeline50Gathered() {
    smallOut.clear();
    for (int i = 0; i < 50; i++) {
      RespWriter.command(smallOut, i % 10 == 0 ? set32Args : getArgs);
    }
    return smallOut.readableBytes();
  }

  /**
   * The RESP engine's reader: the same HGETALL reply framed (is it complete?) and read into the map of
   * field names and values a YCSB read hands back.
   */
  @Benchmark
  public Map<String, ByteIterator> engineHgetallReply() {
    int end = RespReader.end(engineIn, 0, engineIn.writerIndex());
    if (end == RespReader.INCOMPLETE) {
      throw new IllegalStateException("incomplete reply");
    }
    RespReader r = reader.at(engineIn, 0);
    int n = r.aggregate();
    Map<String, ByteIterator> row = new HashMap<>();
    for (int i = 0; i + 1 < n; i += 2) {
      row.put(r.ascii(), new ByteArrayByteIterator(r.bytes()));
    }
    return row;
  }

  /** Lettuce: an HGETALL reply decoded by its RESP state machine into a map. */
  @Benchmark
  public void lettuceHgetallReply(Blackhole bh) {
    lettuceIn.readerIndex(0);
    MapOutput<byte[], byte[]> output = new MapOutput<>(ByteArrayCodec.INSTANCE);
    if (!stateMachine.decode(lettuceIn, output)) {
      throw new IllegalStateException("incomplete reply");
    }
    bh.consume(output.get());
  }
}
