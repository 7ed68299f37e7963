package io.github.ycsbkv.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes {@link BenchmarkResult} as {@code result.json}, and reads it back ({@link ResultJsonWriter},
 * {@link ResultJsonReader}). The layout is documented in
 * {@code docs/results.md}; field names carry their unit ({@code runtimeMillis}, {@code p99Micros}).
 * Stateless and thread-safe.
 */
public final class ResultJson {

  /** The file name inside {@code export.dir}. */
  public static final String FILE_NAME = "result.json";

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ResultJson() {}

  /** Writes {@code result} to {@code dir/result.json}, creating {@code dir}; returns the file. */
  public static Path write(BenchmarkResult result, Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(FILE_NAME);
    Path tmp = dir.resolve(FILE_NAME + ".tmp");
    MAPPER.writeValue(tmp.toFile(), toJson(result));
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return file;
  }

  /** Reads a {@code result.json} as a tree. */
  public static JsonNode read(Path file) throws IOException {
    return MAPPER.readTree(file.toFile());
  }

  /** Reads a {@code result.json} back into a result; throws when it is not schema {@code ycsb-kv/result/1}. */
  public static BenchmarkResult readResult(Path file) throws IOException {
    JsonNode root;
    try {
      root = read(file);
    } catch (IOException e) {
      throw new IOException(file + " is not readable JSON: " + e.getMessage(), e);
    }
    if (!BenchmarkResult.SCHEMA.equals(root.path("schema").asText())) {
      throw new IOException(file + " is not a ycsb-kv result (schema '" + root.path("schema").asText()
          + "', expected '" + BenchmarkResult.SCHEMA + "')");
    }
    return parse(root);
  }

  /** The result a {@link #toJson} tree describes (the inverse of {@link #toJson}). */
  public static BenchmarkResult parse(JsonNode root) {
    return ResultJsonReader.parse(root);
  }

  /** The JSON tree of {@code result}. */
  public static ObjectNode toJson(BenchmarkResult r) {
    return ResultJsonWriter.toJson(MAPPER.createObjectNode(), r);
  }

  /** The JSON field of a percentile: 99 is {@code p99Micros}, 99.9 is {@code p99_9Micros}. */
  public static String percentileField(double percentile) {
    return "p" + percentileLabel(percentile).replace('.', '_') + "Micros";
  }

  /** A percentile without needless decimals: 99.0 is "99", 99.9 is "99.9". */
  public static String percentileLabel(double percentile) {
    if (percentile == Math.rint(percentile)) {
      return Long.toString((long) percentile);
    }
    return Double.toString(percentile);
  }
}
