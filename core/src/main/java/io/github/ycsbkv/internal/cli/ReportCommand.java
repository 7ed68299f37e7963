package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.internal.report.HtmlReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ycsb report DIR}: the HTML report of a sweep, of one capacity search, of one run, or of a suite run. */
@Command(name = "report", mixinStandardHelpOptions = true, separator = " ", usageHelpAutoWidth = true,
    description = {"Write DIR/report.html, one self-contained page, for the output directory of 'ycsb sweep'.",
        "It shows throughput, P99 and P99.9 against threads per workload (one line per store, 95%% confidence intervals),",
        "percentile spectra, the runs that had outages with their timelines, server memory before/after, server",
        "versions, the environment and the commands.",
        "A capacity sweep (sweep or study --capacity) shows each workload's capacities and latency-throughput curves",
        "instead of the figures against threads.",
        "For one run's export.dir (a result.json without sweep.json): its summary, outages and timeline (throughput,",
        "failed operations and P99 per status interval, outages shaded). For the export.dir of 'ycsb capacity'",
        "(a capacity.json): its latency-throughput curve with the budget, the capacity and client-bound steps marked,",
        "and its steps.",
        "For the --out directory of 'ycsb suite': a row per suite with each store's Ops/sec (or capacity), p99 and CPU",
        "per operation, or why it did not run; across stores, each store's figures over the first's, suite by suite.",
        ""})
final class ReportCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "DIR", description = "The --out directory of a sweep, study or suite run, or"
      + " the export.dir of a run or of a capacity search.")
  Path dir;

  @Override
  public Integer call() {
    System.setProperty("java.awt.headless", "true");
    Path file;
    try {
      file = HtmlReport.write(dir);
    } catch (IOException e) {
      throw new UserError(e.getMessage(), UserError.USAGE, e);
    } catch (NoClassDefFoundError e) {
      if (e.getMessage() == null || !(e.getMessage().contains("knowm") || e.getMessage().contains("erichseifert"))) {
        throw e;
      }
      throw new UserError("the chart library (XChart) is not on the class path: run the report through bin/ycsb,"
          + " which includes it", UserError.FAILED, e);
    }
    spec.commandLine().getOut().println(file.toAbsolutePath());
    spec.commandLine().getOut().flush();
    return 0;
  }
}
