package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.capacity.CapacityFile;
import io.github.ycsbkv.results.ResultJson;
import io.github.ycsbkv.results.sweep.SweepJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;

/**
 * {@code report.html} for the output directory of {@code ycsb sweep} (or {@code ycsb study}), or for one run's
 * {@code export.dir}: one self-contained page (charts drawn by JFreeChart as SVG with real text, inline in the page,
 * no script, no network). A sweep's page, in order: its failed repetitions; a study's published figures beside the
 * measured ones; per workload, throughput, P99 and P99.9 against client threads (one line per store, 95% confidence
 * intervals of the repetitions as error bars) and each operation's percentile spectrum; labelled runs against the
 * same store; outages; the load the servers saw; the server memory before load, after load and after the run; the
 * servers' versions and settings; the client environment; and the commands. A capacity sweep ({@code --capacity})
 * shows each workload's capacities and latency-throughput curves instead of the figures against threads; the export
 * directory of one {@code ycsb capacity} gets its curve and its steps. Each section is a class of its own.
 */
public final class HtmlReport {

  /** The file written into the sweep directory. */
  public static final String FILE_NAME = "report.html";
  /** Written by {@code ycsb study} beside sweep.json: the study and its published figures. */
  public static final String STUDY_FILE = StudyFile.FILE_NAME;

  private HtmlReport() {}

  /**
   * Writes {@code dir/report.html} for the sweep in {@code dir}, or for the one run whose result is in {@code dir};
   * returns the file.
   *
   * @throws IOException when {@code dir} holds no readable {@code sweep.json} nor {@code result.json}, or the page
   *     cannot be written
   */
  public static Path write(Path dir) throws IOException {
    if (!Files.isRegularFile(dir.resolve(SweepJson.FILE_NAME))) {
      if (CapacityFile.in(dir)) {
        CapacityFile search = CapacityFile.read(dir);
        Page page = new Page(search.binding() + " capacity");
        page.html("<h1>ycsb-kv capacity report</h1>\n<p>Generated ").text(Instant.now().toString())
            .html(" from <code>").text(dir.toAbsolutePath().toString()).html("</code>.</p>\n");
        CapacitySection.single(page, search);
        return save(dir, page.finish());
      }
      if (Files.isRegularFile(dir.resolve(ResultJson.FILE_NAME))) {
        return save(dir, RunReport.render(dir, ResultJson.readResult(dir.resolve(ResultJson.FILE_NAME))));
      }
      if (SuiteReport.in(dir)) {
        return save(dir, SuiteReport.render(dir));
      }
      throw new IOException(dir + " has no sweep.json, capacity.json, result.json nor a suite run's summary.json:"
          + " report reads the output directory of 'ycsb sweep', 'ycsb study' or 'ycsb suite', or the export.dir of"
          + " one run or of 'ycsb capacity'");
    }
    return save(dir, render(new ReportData(dir, SweepJson.read(dir), StudyFile.read(dir))));
  }

  /** The sweep's page, section after section. */
  private static String render(ReportData data) throws IOException {
    Page page = new Page(String.join(", ", data.bindings));
    page.html("<h1>ycsb-kv report</h1>\n<p>Stores: ").text(String.join(", ", data.bindings)).html(". Workloads: ")
        .text(String.join(", ", data.workloads)).html(". Generated ").text(Instant.now().toString())
        .html(" from <code>").text(data.dir.toAbsolutePath().toString())
        .html("</code>.</p>\n");
    if (CapacitySection.isCapacitySweep(data)) {
      page.html("<p>Each repetition of each cell is a capacity search (open loop: arrivals on a schedule, latency")
          .html(" from each operation's intended start); confidence intervals are over the repetitions' capacities.")
          .html("</p>\n");
    } else {
      page.html("<p>Error bars: 95% confidence interval of the mean over the repetitions (Student's t);")
          .html(" none when a cell has one repetition; with two the interval is wide (t = 12.7), three or more")
          .html(" repetitions narrow it. Latency is the service time of successful operations.</p>\n");
    }
    CommandsSection.failures(page, data);
    PublishedSection.write(page, data);
    if (CapacitySection.isCapacitySweep(data)) {
      CapacitySection.write(page, data);
    } else {
      for (String w : data.workloads) {
        WorkloadSection.write(page, data, w);
      }
    }
    VariantsSection.write(page, data);
    OutagesSection.write(page, data);
    ServerSections.loads(page, data);
    ServerSections.memory(page, data);
    ServerSections.servers(page, data);
    ServerSections.environment(page, data);
    CommandsSection.write(page, data);
    return page.finish();
  }

  private static Path save(Path dir, String page) throws IOException {
    Path file = dir.resolve(FILE_NAME);
    Path tmp = dir.resolve(FILE_NAME + ".tmp");
    Files.writeString(tmp, page, StandardCharsets.UTF_8);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
    return file;
  }
}
