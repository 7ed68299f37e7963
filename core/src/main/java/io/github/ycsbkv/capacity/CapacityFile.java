package io.github.ycsbkv.capacity;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.github.ycsbkv.config.Slo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A capacity search's {@code capacity.json} (schema {@value #SCHEMA}, docs/capacity.md), the one type that writes it
 * ({@code ycsb capacity}, {@code sweep --capacity}) and reads it ({@code report}, {@code sweep}): the budget, the
 * search's settings, the curve (one entry per step, each pointing at its own result directory) and the capacity with
 * why the search stopped. A figure that is not known is NaN here and {@code null} in the file.
 *
 * @param schema {@value #SCHEMA}
 * @param connections each client process's connections ({@code -threads})
 * @param clientProcesses the processes that ran every step together ({@code clients.count}); each step's figures are
 *     theirs merged
 * @param slo the budget as it was given ({@code p99=1ms}); {@link #budget()} parses it
 * @param sloMicros each bound of the budget in microseconds, by percentile name ({@code p99})
 * @param ended {@value #FOUND}, {@value #NOT_FOUND}, {@value #FAILED} or {@value #INTERRUPTED}
 */
public record CapacityFile(String schema, String binding, String workload, int connections, int clientProcesses,
    String slo, Map<String, Double> sloMicros, Search search, double probeOpsPerSec, List<Step> steps, String ended,
    Capacity capacity) {

  public static final String SCHEMA = "ycsb-kv/capacity/1";
  public static final String FILE_NAME = "capacity.json";

  /** How a search ended ({@code ended}): with a capacity, without one (saying why), failed, or stopped by the user. */
  public static final String FOUND = "found";
  public static final String NOT_FOUND = "not-found";
  public static final String FAILED = "failed";
  public static final String INTERRUPTED = "interrupted";

  private static final ObjectMapper JSON = JsonMapper.builder()
      .addModule(new SimpleModule("capacity.json numbers")
          .addSerializer(Double.TYPE, new UnknownAsNull())
          .addDeserializer(Double.TYPE, new NullAsUnknown()))
      .enable(SerializationFeature.INDENT_OUTPUT)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .build();

  /** A file of before {@code clientProcesses} was one process's; a file without steps has none. */
  public CapacityFile {
    clientProcesses = Math.max(1, clientProcesses);
    steps = steps == null ? List.of() : List.copyOf(steps);
    sloMicros = sloMicros == null ? Map.of() : sloMicros;
  }

  /** How the search stepped ({@link CapacitySearch.Settings}, and the step length and warm-up it ran with). */
  public record Search(long stepSeconds, String warmup, double startFraction, double growth, double resolution,
      double achievedMin, int confirmSteps) {

    public static Search of(long stepSeconds, String warmup, CapacitySearch.Settings s) {
      return new Search(stepSeconds, warmup, s.startFraction(), s.growth(), s.resolution(), s.achievedMin(),
          s.confirmSteps());
    }
  }

  /**
   * One step of the curve; NaN where a figure is not known (latency and schedule lag are from intended starts, so the
   * closed-loop probe has none).
   *
   * @param kind {@code probe}, {@code raise}, {@code lower}, {@code confirm} ({@link CapacitySearch.Kind})
   * @param target the rate the step offered, NaN for the probe
   * @param clientBound why the client, not the store, was the limit, or null
   * @param verdict how the step stood ({@link CapacitySearch.Verdict}, lower case), or {@code failed}
   * @param result the step's result directory, relative to the file's
   */
  public record Step(int step, String kind, @JsonProperty("targetOpsPerSec") double target, long lengthSeconds,
      @JsonProperty("achievedOpsPerSec") double achieved, @JsonProperty("p50Micros") double p50,
      @JsonProperty("p99Micros") double p99, @JsonProperty("p99_9Micros") double p999,
      @JsonProperty("scheduleLagP99Micros") double lagP99,
      @JsonProperty("clientCpuMicrosPerOperation") double clientCpuMicros,
      @JsonProperty("serverCpuMicrosPerOperation") double serverCpuMicros, double serverCores, String clientBound,
      String verdict, String why, String result) {

    /** The closed-loop probe (no target rate, no latency from intended starts). */
    public boolean probe() {
      return "probe".equals(kind);
    }

    public boolean clientBoundVerdict() {
      return "client_bound".equals(verdict);
    }

    /** The latency at {@code percentile} where the step has it (50, 99, 99.9), else NaN. */
    public double latency(double percentile) {
      return percentile == 50 ? p50 : percentile == 99 ? p99 : percentile == 99.9 ? p999 : Double.NaN;
    }
  }

  /**
   * How the search ended; the figures at the capacity (those of its last confirming step) are NaN when none was found.
   *
   * @param bestUnconfirmed the best rate that met the budget in one step, when none was confirmed
   * @param lowerBound the capacity is at least {@code opsPerSec}: above it the client was the limit
   * @param clientBoundAbove the lowest client-bound rate above a lower bound, else NaN
   */
  public record Capacity(double opsPerSec, @JsonProperty("bestUnconfirmedOpsPerSec") double bestUnconfirmed,
      boolean found, boolean lowerBound, @JsonProperty("clientBoundAboveOpsPerSec") double clientBoundAbove,
      String reason, double p50Micros, double p99Micros, @JsonProperty("p99_9Micros") double p999Micros,
      double scheduleLagP99Micros, double clientCpuMicrosPerOperation,
      @JsonProperty("serverCpuMicrosPerOperation") double serverCpuMicros, double serverCores,
      double opsPerServerCoreSecond) {

    /**
     * The capacity as {@code outcome} found it (null: the search did not end; {@code failure}: a step failed), with
     * the figures of {@code at}, its confirming step, or null.
     */
    public static Capacity of(CapacitySearch.Outcome outcome, String failure, Step at) {
      boolean found = failure == null && outcome != null && outcome.found();
      Step a = found ? at : null;
      double serverCpu = a == null ? Double.NaN : a.serverCpuMicros();
      return new Capacity(outcome == null || failure != null ? Double.NaN : outcome.capacity(),
          outcome == null || failure != null ? Double.NaN : outcome.bestUnconfirmed(), found,
          found && outcome.lowerBound(), found && outcome.lowerBound() ? outcome.clientBoundAbove() : Double.NaN,
          failure != null ? failure : outcome == null ? "the search did not end" : outcome.reason(),
          a == null ? Double.NaN : a.p50(), a == null ? Double.NaN : a.p99(), a == null ? Double.NaN : a.p999(),
          a == null ? Double.NaN : a.lagP99(), a == null ? Double.NaN : a.clientCpuMicros(), serverCpu,
          a == null ? Double.NaN : a.serverCores(), serverCpu > 0 ? 1e6 / serverCpu : Double.NaN);
    }

    /** {@code 12,345 operations per second}, {@code at least ...} when the client was the limit above it. */
    public String describe() {
      return found ? String.format(Locale.ROOT, "%s%,.0f operations per second", lowerBound ? "at least " : "",
          opsPerSec) : "No capacity";
    }
  }

  /**
   * A search's file: {@code ended} is {@value #FAILED} with a {@code failure}, else as {@code outcome} says ({@value
   * #INTERRUPTED} when there is none).
   */
  public static CapacityFile of(String binding, String workload, int connections, int clientProcesses, Slo slo,
      Search search, double probeOpsPerSec, List<Step> steps, CapacitySearch.Outcome outcome, String failure,
      Step atCapacity) {
    Map<String, Double> bounds = new LinkedHashMap<>();
    slo.bounds().forEach(b -> bounds.put(Slo.name(b.percentile()), b.maxMicros()));
    String ended = failure != null ? FAILED : outcome == null || outcome.interrupted() ? INTERRUPTED
        : outcome.found() ? FOUND : NOT_FOUND;
    return new CapacityFile(SCHEMA, binding, workload, connections, clientProcesses, slo.text(), bounds, search,
        probeOpsPerSec, steps, ended, Capacity.of(outcome, failure, atCapacity));
  }

  /** Whether {@code dir} holds a capacity.json. */
  public static boolean in(Path dir) {
    return Files.isRegularFile(dir.resolve(FILE_NAME));
  }

  /** Reads {@code dir/capacity.json}; a file of another kind is an error that names it. */
  public static CapacityFile read(Path dir) throws IOException {
    Path file = dir.resolve(FILE_NAME);
    JsonNode root = JSON.readTree(file.toFile());
    if (!root.path("schema").asText().startsWith("ycsb-kv/capacity/")) {
      throw new IOException(file + " is not a ycsb-kv capacity search (schema '" + root.path("schema").asText()
          + "')");
    }
    return JSON.treeToValue(root, CapacityFile.class);
  }

  /** Writes {@code dir/capacity.json}; returns its path. */
  public Path write(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(FILE_NAME);
    JSON.writeValue(file.toFile(), this);
    return file;
  }

  /** Whether the search ended by itself, with a capacity or without one (not failed, not interrupted). */
  public boolean endedByItself() {
    return FOUND.equals(ended) || NOT_FOUND.equals(ended);
  }

  /** The budget ({@link #slo()} parsed). */
  public Slo budget() {
    return Slo.parse(slo, FILE_NAME + "'s slo");
  }

  /**
   * The bound the curve is drawn against: the budget's P99 bound, else its first bound at a percentile every step
   * has (50, 99.9); null when it names none of those (then the curve shows P99 without a budget line).
   */
  public Slo.Bound plotted() {
    Slo.Bound other = null;
    for (Slo.Bound b : budget().bounds()) {
      if (b.percentile() == 99) {
        return b;
      }
      if (other == null && (b.percentile() == 50 || b.percentile() == 99.9)) {
        other = b;
      }
    }
    return other;
  }

  /** NaN and the infinities, which JSON has not, are written as null. */
  private static final class UnknownAsNull extends StdSerializer<Double> {
    UnknownAsNull() {
      super(Double.class);
    }

    @Override
    public void serialize(Double v, JsonGenerator g, SerializerProvider p) throws IOException {
      if (v == null || v.isNaN() || v.isInfinite()) {
        g.writeNull();
      } else {
        g.writeNumber(v);
      }
    }
  }

  /** A null or absent figure is read as NaN (not 0, which would be a measurement). */
  private static final class NullAsUnknown extends StdDeserializer<Double> {
    NullAsUnknown() {
      super(Double.TYPE);
    }

    @Override
    public Double deserialize(JsonParser p, DeserializationContext c) throws IOException {
      return p.getValueAsDouble(Double.NaN);
    }

    @Override
    public Double getNullValue(DeserializationContext c) {
      return Double.NaN;
    }

    @Override
    public Object getAbsentValue(DeserializationContext c) {
      return Double.NaN;
    }
  }
}
