package io.github.ycsbkv.internal.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code study.json}, which {@code ycsb study} writes beside {@code sweep.json}: the study, how it was run here, its
 * setup beside this run's (an older file has none), and its published figures (the store and workload, the study's
 * thread count and ours, the figure, its value and its
 * unit as published). Immutable.
 */
record StudyFile(String title, String source, String method, String scale, boolean tls, List<String> notes,
    List<Setup> setup, List<Published> published) {

  /** One aspect of the setup (machine, client, servers, versions): as the study ran it, and as this run did. */
  record Setup(String aspect, String published, String here) {}

  /** The file's name in a sweep's directory. */
  static final String FILE_NAME = "study.json";

  /** One published figure: {@code throughput} or a P99 latency, at the study's thread count and its match here. */
  record Published(String workload, String store, int studyThreads, int threads, String figure, double value,
      String unit) {

    boolean throughput() {
      return figure.equals("throughput");
    }
  }

  StudyFile {
    notes = List.copyOf(notes);
    setup = List.copyOf(setup);
    published = List.copyOf(published);
  }

  /** The study beside the sweep in {@code dir}, or null when there is none (a plain sweep). */
  static StudyFile read(Path dir) throws IOException {
    Path file = dir.resolve(FILE_NAME);
    if (!Files.isRegularFile(file)) {
      return null;
    }
    JsonNode s = new ObjectMapper().readTree(file.toFile());
    List<String> notes = new ArrayList<>();
    s.path("notes").forEach(n -> notes.add(n.asText()));
    List<Setup> setup = new ArrayList<>();
    for (JsonNode a : s.path("setup")) {
      setup.add(new Setup(a.path("aspect").asText(), a.path("published").asText(), a.path("here").asText()));
    }
    List<Published> published = new ArrayList<>();
    for (JsonNode p : s.path("published")) {
      published.add(new Published(p.path("workload").asText(), p.path("store").asText(), p.path("studyThreads").asInt(),
          p.path("threads").asInt(), p.path("figure").asText(), p.path("value").asDouble(), p.path("unit").asText()));
    }
    return new StudyFile(s.path("title").asText(), s.path("source").asText(), s.path("method").asText(),
        s.path("scale").asText(), s.path("tls").asBoolean(), notes, setup, published);
  }
}
