package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.results.SeriesHistograms;
import io.github.ycsbkv.results.sweep.SweepCell;
import java.awt.BasicStroke;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The percentile spectrum of one operation: the latency at every percentile, for each store at its highest thread
 * count with all its repetitions' histograms added, on a log latency axis. Stateless.
 */
final class SpectrumChart {

  private SpectrumChart() {}

  /** The latency at every percentile for each store at its highest thread count (all repetitions). */
  static void draw(Page page, ReportData report, String workload, String op) throws IOException {
    String title = "Percentile spectrum, " + op + ", " + workload;
    List<String> notes = new ArrayList<>();
    Map<String, double[][]> byStore = new LinkedHashMap<>();
    for (String b : report.bindings) {
      int threads = -1;
      for (SweepCell cell : report.cells(workload)) {
        if (cell.binding().equals(b) && cell.figures().containsKey(op + ".p99Micros")) {
          threads = Math.max(threads, cell.threads());
        }
      }
      Histogram all = threads < 0 ? null : added(report.cellDir(b, workload, threads), op);
      double[][] points = all == null ? new double[0][] : points(all);
      if (points.length > 0) {
        byStore.put(b + " (" + threads + " threads)", points);
        notes.add(b + ": " + all.getTotalCount() + " operations");
      }
    }
    if (byStore.isEmpty()) {
      return;
    }
    double max = byStore.values().stream().flatMap(Arrays::stream).mapToDouble(p -> p[1]).max().orElse(0);
    String unit = Charts.latencyUnit(max);
    double divisor = Charts.latencyDivisor(unit);
    XYSeriesCollection data = new XYSeriesCollection();
    List<Page.Line> lines = new ArrayList<>();
    for (Map.Entry<String, double[][]> e : byStore.entrySet()) {
      XYSeries series = new XYSeries(e.getKey(), false, true);
      double[] x = new double[e.getValue().length];
      double[] y = new double[x.length];
      for (int i = 0; i < x.length; i++) {
        x[i] = e.getValue()[i][0];
        y[i] = e.getValue()[i][1] / divisor;
        series.add(x[i], y[i]);
      }
      data.addSeries(series);
      String store = e.getKey().substring(0, e.getKey().indexOf(" ("));
      lines.add(new Page.Line(e.getKey(), report.color(store), x, y, null));
    }
    page.figure(Charts.newChart(title, plot(data, unit, lines)), lines, title + " at each store's highest thread"
        + " count, all repetitions added (HdrHistogram, " + String.join("; ", notes) + "). Source: histograms.hlog"
        + " of each repetition.");
  }

  /**
   * A histogram's latency at each percentile, in microseconds: x = log10(1 / (1 - percentile)), so 0 is 0%, 1 is 90%,
   * 2 is 99%, 3 is 99.9%; none for an empty histogram.
   */
  private static double[][] points(Histogram all) {
    List<double[]> points = new ArrayList<>();
    if (all.getTotalCount() == 0) {
      return new double[0][];
    }
    for (HistogramIterationValue v : all.percentiles(5)) {
      double p = v.getPercentileLevelIteratedTo();
      if (p >= 100.0) {
        break;
      }
      points.add(new double[] {Math.log10(100.0 / (100.0 - p)),
          all.highestEquivalentValue(v.getValueIteratedTo()) / 1e3});
    }
    return points.toArray(double[][]::new);
  }

  /** Percentiles on a linear axis labelled 90%, 99%, ...; latency on a log axis; a line per store. */
  private static XYPlot plot(XYSeriesCollection data, String unit, List<Page.Line> lines) {
    NumberAxis percentile = new NumberAxis("percentile");
    percentile.setTickUnit(new NumberTickUnit(1, new LabelFormat(SpectrumChart::percentileLabel)));
    percentile.setAutoRangeIncludesZero(true);
    // LogarithmicAxis labels ticks with plain strings (LogAxis's attributed labels become glyph outlines).
    LogarithmicAxis value = new LogarithmicAxis(unit);
    value.setAllowNegativesFlag(false);
    value.setStrictValuesFlag(false);
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
    renderer.setDrawSeriesLineAsPath(true); // one <path> per store, not one <line> per segment
    XYPlot plot = new XYPlot(data, percentile, value, renderer);
    for (int i = 0; i < lines.size(); i++) {
      renderer.setSeriesPaint(i, lines.get(i).color());
      renderer.setSeriesStroke(i, new BasicStroke(2f));
    }
    return plot;
  }

  /** Axis tick labels from a function of the tick's value ({@link #percentileLabel}). */
  private static final class LabelFormat extends java.text.NumberFormat {
    private static final long serialVersionUID = 1L;
    private final transient java.util.function.DoubleFunction<String> label;

    LabelFormat(java.util.function.DoubleFunction<String> label) {
      this.label = label;
    }

    @Override
    public StringBuffer format(double number, StringBuffer toAppendTo, java.text.FieldPosition pos) {
      return toAppendTo.append(label.apply(number));
    }

    @Override
    public StringBuffer format(long number, StringBuffer toAppendTo, java.text.FieldPosition pos) {
      return format((double) number, toAppendTo, pos);
    }

    @Override
    public Number parse(String source, java.text.ParsePosition parsePosition) {
      throw new UnsupportedOperationException("labels only");
    }
  }

  /** Tick labels of the spectrum's x axis, x = log10(1 / (1 - percentile)): 1 is 90%, 3 is 99.9%; "" between. */
  static String percentileLabel(double x) {
    long k = Math.round(x);
    if (Math.abs(x - k) > 1e-6 || k < 0) {
      return "";
    }
    // 100 - 10^(2 - k): 0%, 90%, 99%, 99.9%, ...
    return java.math.BigDecimal.valueOf(100).subtract(java.math.BigDecimal.ONE.movePointRight(2).movePointLeft((int) k))
        .stripTrailingZeros().toPlainString() + "%";
  }

  /** The histograms of {@code op} of every repetition in {@code cellDir}, added; null when there is none. */
  private static Histogram added(Path cellDir, String op) throws IOException {
    Histogram all = null;
    for (Path rep : ReportData.repetitions(cellDir, false)) {
      if (!Files.isRegularFile(rep.resolve(SeriesHistograms.FILE_NAME))) {
        continue;
      }
      Histogram h = SeriesHistograms.read(rep).get(op);
      if (h != null) {
        if (all == null) {
          all = new Histogram(3);
          all.setAutoResize(true);
        }
        all.add(h);
      }
    }
    return all;
  }
}
