package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.results.sweep.Summary;
import io.github.ycsbkv.results.sweep.SweepCell;
import java.awt.BasicStroke;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * A memory-limit sweep ({@code sweep --maxmemory}): the server's hit ratio against its memory limit, one line per
 * store (its cells' label without the size), the mean over the repetitions with the 95% confidence interval as error
 * bars; and a table of each cell's limit, hit ratio, evictions and throughput. The question it answers: how much
 * memory for 90% hits on this access pattern. Stateless.
 */
final class MemoryChart {

  private MemoryChart() {}

  /** Whether {@code workload}'s cells ran under memory limits. */
  static boolean applies(ReportData report, String workload) {
    return report.cells(workload).stream().anyMatch(c -> c.figure(SweepCell.MAXMEMORY_MB) != null);
  }

  /** The store a cell's label names, its size left out (redis+64mb: redis, redis+lru-64mb: redis+lru). */
  static String store(String label) {
    return label.replaceFirst("[+-][0-9.]+(b|k|kb|m|mb|g|gb)?$", "");
  }

  static void draw(Page page, ReportData report, String workload) {
    Map<String, List<SweepCell>> byStore = new LinkedHashMap<>();
    for (String b : report.bindings) {
      for (SweepCell cell : report.cells(workload)) {
        if (cell.binding().equals(b) && cell.figure(SweepCell.MAXMEMORY_MB) != null) {
          byStore.computeIfAbsent(store(b), k -> new ArrayList<>()).add(cell);
        }
      }
    }
    YIntervalSeriesCollection data = new YIntervalSeriesCollection();
    List<Page.Line> lines = new ArrayList<>();
    for (Map.Entry<String, List<SweepCell>> e : byStore.entrySet()) {
      List<double[]> points = new ArrayList<>();
      for (SweepCell cell : e.getValue()) {
        Summary hits = cell.figure(SweepCell.SERVER_HIT_RATE);
        if (hits != null && hits.n() > 0) {
          double half = hits.n() > 1 && Double.isFinite(hits.ci95High()) ? hits.ci95High() - hits.mean() : 0;
          points.add(new double[] {cell.mean(SweepCell.MAXMEMORY_MB), hits.mean(), half});
        }
      }
      if (points.isEmpty()) {
        continue;
      }
      points.sort((a, b) -> Double.compare(a[0], b[0]));
      YIntervalSeries series = new YIntervalSeries(e.getKey());
      double[] x = new double[points.size()];
      double[] y = new double[x.length];
      double[] bars = new double[x.length];
      for (int i = 0; i < x.length; i++) {
        double[] p = points.get(i);
        x[i] = p[0];
        y[i] = p[1];
        bars[i] = p[2];
        series.add(x[i], y[i], Math.max(0, y[i] - bars[i]), Math.min(100, y[i] + bars[i]));
      }
      data.addSeries(series);
      lines.add(new Page.Line(e.getKey(), report.color(e.getValue().get(0).binding()), x, y, bars));
    }
    if (!lines.isEmpty()) {
      NumberAxis memory = new NumberAxis("memory limit (MB)");
      memory.setAutoRangeIncludesZero(true);
      NumberAxis hit = new NumberAxis("reads that found their key (%)");
      hit.setRange(0, 100);
      XYErrorRenderer renderer = new XYErrorRenderer();
      renderer.setDrawXError(false);
      renderer.setDefaultLinesVisible(true);
      renderer.setDefaultShapesVisible(true);
      renderer.setCapLength(6);
      XYPlot plot = new XYPlot(data, memory, hit, renderer);
      for (int i = 0; i < lines.size(); i++) {
        renderer.setSeriesPaint(i, lines.get(i).color());
        renderer.setSeriesStroke(i, new BasicStroke(2f));
      }
      String title = "Hit ratio against memory limit, " + workload;
      page.figure(Charts.newChart(title, plot), lines, title + ": the server's own hits / (hits + misses) over each"
          + " run, one line per store; mean over the repetitions, error bars the 95% confidence interval. Source:"
          + " sweep.json figures " + SweepCell.SERVER_HIT_RATE + " and " + SweepCell.MAXMEMORY_MB + ".");
    }
    table(page, workload, byStore);
  }

  private static void table(Page page, String workload, Map<String, List<SweepCell>> byStore) {
    page.html("<table><tr><th class=\"l\">store</th><th>memory limit (MB)</th><th>threads</th><th>hit ratio (%)</th>")
        .html("<th>keys evicted</th><th>ops/s</th></tr>\n");
    for (Map.Entry<String, List<SweepCell>> e : byStore.entrySet()) {
      List<SweepCell> cells = new ArrayList<>(e.getValue());
      cells.sort((a, b) -> Double.compare(a.mean(SweepCell.MAXMEMORY_MB), b.mean(SweepCell.MAXMEMORY_MB)));
      for (SweepCell c : cells) {
        page.html("<tr><td class=\"l\">").text(e.getKey()).html("</td>").html(String.format(Locale.ROOT,
            "<td>%,.1f</td><td>%d</td><td>%s</td><td>%s</td><td>%s</td></tr>%n", c.mean(SweepCell.MAXMEMORY_MB),
            c.threads(), cell(c.mean(SweepCell.SERVER_HIT_RATE), "%.2f"), cell(c.mean(SweepCell.SERVER_EVICTED),
            "%,.0f"), cell(c.mean(SweepCell.THROUGHPUT), "%,.0f")));
      }
    }
    page.html("</table>\n<p>Each row a cell of ").text(workload).html(": means over its repetitions; the hit ratio")
        .html(" and evictions are the server's own counters over the run (docs/states.md).</p>\n");
  }

  private static String cell(double v, String format) {
    return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, format, v);
  }
}
