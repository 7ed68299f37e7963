package io.github.ycsbkv.results.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A sweep's summary files: {@code sweep.json} (schema {@value #SCHEMA}: the command, then per cell its binding,
 * workload, threads, failed repetitions and each figure's n, mean, standard deviation, coefficient of variation, 95%
 * confidence interval and values) and {@code sweep.csv} (one row per cell and figure), read back as typed cells.
 * Stateless.
 */
public final class SweepJson {

  public static final String SCHEMA = "ycsb-kv/sweep/1";
  public static final String FILE_NAME = "sweep.json";
  public static final String CSV_FILE_NAME = "sweep.csv";
  /** The header of {@code sweep.csv}. */
  public static final String CSV_HEADER = "binding,workload,threads,figure,n,mean,stdDev,cv,ci95Low,ci95High";

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** A sweep as its file holds it: the command that ran it (secrets masked) and its cells. */
  public record Sweep(String command, List<SweepCell> cells) {
    public Sweep {
      cells = List.copyOf(cells);
    }
  }

  private SweepJson() {}

  /** Writes {@code sweep.json} and {@code sweep.csv} into {@code dir}. */
  public static void write(Sweep sweep, Path dir) throws IOException {
    Files.createDirectories(dir);
    JSON.writeValue(dir.resolve(FILE_NAME).toFile(), toJson(sweep));
    Files.writeString(dir.resolve(CSV_FILE_NAME), csv(sweep), StandardCharsets.UTF_8);
  }

  /** One row per cell and figure, the header first. */
  public static String csv(Sweep sweep) {
    StringBuilder csv = new StringBuilder(CSV_HEADER).append('\n');
    for (SweepCell c : sweep.cells()) {
      for (Map.Entry<String, Summary> f : c.figures().entrySet()) {
        Summary s = f.getValue();
        csv.append(String.format(Locale.US, "%s,%s,%d,%s,%d,%.3f,%.3f,%.4f,%.3f,%.3f%n", c.binding(), c.workload(),
            c.threads(), f.getKey(), s.n(), s.mean(), s.stdDev(), s.cv(), s.ci95Low(), s.ci95High()));
      }
    }
    return csv.toString();
  }

  /** Reads {@code sweep.json} of {@code dir}; a file of another kind is an error that names it. */
  public static Sweep read(Path dir) throws IOException {
    Path file = dir.resolve(FILE_NAME);
    JsonNode root = JSON.readTree(file.toFile());
    if (!SCHEMA.equals(root.path("schema").asText())) {
      throw new IOException(file + " is not a ycsb-kv sweep (schema '" + root.path("schema").asText() + "')");
    }
    List<SweepCell> cells = new ArrayList<>();
    for (JsonNode c : root.path("cells")) {
      List<String> failed = new ArrayList<>();
      c.path("failed").forEach(f -> failed.add(f.asText()));
      Map<String, Summary> figures = new LinkedHashMap<>();
      c.path("figures").fields().forEachRemaining(f -> figures.put(f.getKey(), summary(f.getValue())));
      cells.add(new SweepCell(c.path("binding").asText(), c.path("workload").asText(), c.path("threads").asInt(),
          failed, figures));
    }
    return new Sweep(root.path("command").asText(), cells);
  }

  private static ObjectNode toJson(Sweep sweep) {
    ObjectNode root = JSON.createObjectNode();
    root.put("schema", SCHEMA);
    root.put("command", sweep.command());
    ArrayNode cells = root.putArray("cells");
    for (SweepCell c : sweep.cells()) {
      ObjectNode cell = cells.addObject();
      cell.put("binding", c.binding());
      cell.put("workload", c.workload());
      cell.put("threads", c.threads());
      ArrayNode failed = cell.putArray("failed");
      c.failed().forEach(failed::add);
      ObjectNode figures = cell.putObject("figures");
      for (Map.Entry<String, Summary> f : c.figures().entrySet()) {
        Summary s = f.getValue();
        ObjectNode o = figures.putObject(f.getKey());
        o.put("n", s.n());
        o.put("mean", s.mean());
        o.put("stdDev", s.stdDev());
        o.put("cv", s.cv());
        o.put("ci95Low", s.ci95Low());
        o.put("ci95High", s.ci95High());
        ArrayNode values = o.putArray("values");
        s.values().forEach(values::add);
      }
    }
    return root;
  }

  private static Summary summary(JsonNode o) {
    List<Double> values = new ArrayList<>();
    o.path("values").forEach(v -> values.add(v.asDouble()));
    return new Summary(o.path("n").asInt(), number(o.path("mean")), number(o.path("stdDev")), number(o.path("cv")),
        number(o.path("ci95Low")), number(o.path("ci95High")), values);
  }

  /** A number as written; NaN (written as {@code NaN}, or absent). */
  private static double number(JsonNode n) {
    return n.isMissingNode() || n.isNull() ? Double.NaN : n.asDouble(Double.NaN);
  }
}
