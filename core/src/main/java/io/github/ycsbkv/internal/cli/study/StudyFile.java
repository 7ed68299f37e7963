package io.github.ycsbkv.internal.cli.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbkv.internal.report.HtmlReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A study's {@code study.json} in its output directory, which the report reads: how {@code ycsb study} ran it
 * ({@code scale}, {@code tls}, {@code shape}, {@code cluster}: its options) beside the published study.
 *
 * @param out the study's output directory
 * @param scale the scale of the records and operations
 * @param tls whether the TLS pass ran
 * @param shape the connections' shape ({@code published} or {@code multiplexed})
 * @param cluster the primaries of each store started here (1: one server)
 */
public record StudyFile(Path out, double scale, boolean tls, String shape, int cluster) {

  /**
   * The CPUs the study's servers are pinned to here ({@code 0-N}: as many as it pinned, at most this machine's
   * cores), or null when it pinned none.
   */
  public static String pinnedCpus(Studies.Study study) {
    if (study.pinnedCpus() <= 0) {
      return null;
    }
    return "0-" + (Math.min(study.pinnedCpus(), Runtime.getRuntime().availableProcessors()) - 1);
  }

  /**
   * {@code DIR/study.json}: the study, its method and differences, its setup beside this run's ({@code serversHere}:
   * per label how its server ran, as known so far; {@code cpus}: where they were pinned, or null), and its published
   * figures.
   */
  public void write(Studies.Study study, List<String> chosen, List<String> notes, Map<String, String> serversHere,
      String cpus) throws IOException {
    Files.createDirectories(out);
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode json = mapper.createObjectNode();
    json.put("schema", "ycsb-kv/study/1");
    json.put("name", study.name());
    json.put("title", study.title());
    json.put("source", study.source());
    json.put("method", study.method());
    json.put("scale", scale);
    json.put("tls", tls);
    json.put("shape", shape);
    ArrayNode notesJson = json.putArray("notes");
    notes.forEach(notesJson::add);
    ArrayNode setup = json.putArray("setup");
    Map<String, String> here = StudySetup.here(study, out, serversHere, cpus, cluster);
    for (String aspect : StudySetup.ASPECTS) {
      setup.addObject().put("aspect", aspect).put("published", study.setup().get(aspect)).put("here", here.get(aspect));
    }
    ArrayNode figures = json.putArray("published");
    for (Studies.Published p : study.published()) {
      // A TLS figure (STORE+tls) beside the TLS pass, when --tls ran it.
      boolean overTls = p.store().endsWith("+tls");
      String store = overTls ? p.store().substring(0, p.store().length() - 4) : p.store();
      // TLS's cost compares the STORE+tls cells with the STORE cells: only with --tls.
      boolean tlsCost = p.figure().equals(Studies.TLS_THROUGHPUT) || p.figure().equals(Studies.TLS_LATENCY);
      if (!chosen.contains(store) || ((overTls || tlsCost) && !tls)) {
        continue;
      }
      ObjectNode f = figures.addObject();
      f.put("workload", p.workload());
      f.put("store", p.store());
      f.put("studyThreads", p.studyThreads());
      f.put("threads", p.ourThreads());
      f.put("figure", p.figure());
      f.put("value", p.value());
      f.put("unit", p.unit());
    }
    mapper.writeValue(out.resolve(HtmlReport.STUDY_FILE).toFile(), json);
  }
}
