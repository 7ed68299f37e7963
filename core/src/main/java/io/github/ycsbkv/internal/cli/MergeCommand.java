package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.results.ResultJson;
import io.github.ycsbkv.results.SeriesHistograms;
import io.github.ycsbkv.results.merge.ResultMerge;
import io.github.ycsbkv.results.summary.SummaryCsv;
import io.github.ycsbkv.results.summary.SummaryText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ycsb merge OUT RESULT...}: one result from the results of several client processes. */
@Command(name = "merge", mixinStandardHelpOptions = true, separator = " ", usageHelpAutoWidth = true,
    description = {"Combine the results of several client processes of one benchmark (one per host, say) into one.",
        "Status counts and latency histograms are added, so percentiles are those of all operations together",
        "(never averaged); throughput counts the operations completed while every client ran. Each RESULT is",
        "a client's export.dir (result.json and histograms.hlog). Writes result.json, summary.csv,",
        "histograms.hlog and the .hgrm spectra to OUT and prints the summary. See docs/distributed.md.", ""})
final class MergeCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "OUT", description = "Directory for the merged result.")
  Path out;

  @Parameters(index = "1..*", arity = "2..*", paramLabel = "RESULT", description = "Export directories of the clients.")
  List<Path> results;

  @Override
  public Integer call() {
    ResultMerge.Merged merged;
    try {
      merged = ResultMerge.merge(results);
    } catch (IOException e) {
      throw new UserError(e.getMessage(), UserError.USAGE, e);
    } catch (IllegalArgumentException e) {
      throw new UserError("cannot merge: " + e.getMessage(), UserError.USAGE, e);
    }
    try {
      ResultJson.write(merged.result(), out);
      SummaryCsv.write(merged.result(), out);
      SeriesHistograms.write(out, merged.series(), merged.result().start().toEpochMilli(),
          merged.result().end().toEpochMilli());
      SeriesHistograms.writeSpectra(out, merged.series());
    } catch (IOException e) {
      throw new UserError("cannot write the merged result to " + out + ": " + e.getMessage(), UserError.FAILED, e);
    }
    PrintWriter w = spec.commandLine().getOut();
    w.print(SummaryText.format(merged.result()));
    w.flush();
    spec.commandLine().getErr().println("ycsb: merged " + results.size() + " results into " + out);
    io.github.ycsbkv.results.LoadShape load = merged.result().load();
    if (load != null && load.hosts() != null && !load.hosts().missing().isEmpty()) {
      spec.commandLine().getErr().println("ycsb: warning: " + load.hosts().describe() + ": the totals are of the"
          + " others only");
    }
    return 0;
  }
}
