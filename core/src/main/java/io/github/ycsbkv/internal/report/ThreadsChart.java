package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.results.sweep.Summary;
import io.github.ycsbkv.results.sweep.SweepCell;
import java.awt.BasicStroke;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * A sweep figure against client threads: one line per store, the mean over the repetitions with the 95% confidence
 * interval as error bars, and for a study its published figures as points beside. Stateless.
 */
final class ThreadsChart {

  private ThreadsChart() {}

  /**
   * One figure against threads, one line per store, error bars from the repetitions. {@code unit} null:
   * a latency in microseconds, shown in the unit that suits its largest value (us, ms or s).
   */
  static void draw(Page page, ReportData report, String workload, String figure, String title, String unit,
      double divisor) {
    Map<String, List<double[]>> byStore = points(report, workload, figure);
    if (byStore.isEmpty()) {
      return;
    }
    List<double[]> all = new ArrayList<>();
    byStore.values().forEach(all::addAll);
    if (unit == null) {
      unit = Charts.latencyUnit(all.stream().mapToDouble(p -> p[1]).max().orElse(0));
      divisor = Charts.latencyDivisor(unit);
    }
    YIntervalSeriesCollection data = new YIntervalSeriesCollection();
    List<Page.Line> lines = new ArrayList<>();
    boolean clipped = false;
    for (Map.Entry<String, List<double[]>> e : byStore.entrySet()) {
      clipped |= addSeries(data, lines, report, e.getKey(), e.getValue(), divisor);
    }
    TreeSet<Integer> counts = new TreeSet<>();
    all.forEach(p -> counts.add((int) Math.rint(Math.pow(2, p[0]))));
    XYPlot plot = plot(data, counts, unit, lines);
    String readAs = published(report, workload, figure, plot, byStore.keySet(), lines, divisor);
    page.figure(Charts.newChart(title, plot), lines, title + " against client threads, one line per store; mean over"
        + " the repetitions, error bars the 95% confidence interval" + (clipped ? ", clipped at 0 (with few"
        + " repetitions the interval reaches below 0, which no throughput or latency can)" : "")
        + (readAs == null ? "" : "; unjoined points: the study's published figures, at the thread counts it names"
        + " only" + readAs)
        + ". Source: sweep.json figure " + figure + ".");
  }

  /** Per store, its cells' points (log2 threads, mean, half the 95% interval), by thread count. */
  private static Map<String, List<double[]>> points(ReportData report, String workload, String figure) {
    Map<String, List<double[]>> byStore = new LinkedHashMap<>();
    for (String b : report.bindings) {
      List<double[]> points = new ArrayList<>();
      for (SweepCell cell : report.cells(workload)) {
        Summary f = cell.figure(figure);
        if (cell.binding().equals(b) && f != null && f.n() > 0) {
          double half = f.n() > 1 ? f.ci95High() - f.mean() : 0;
          points.add(new double[] {Charts.log2(cell.threads()), f.mean(), Double.isFinite(half) ? half : 0});
        }
      }
      if (!points.isEmpty()) {
        points.sort((a, c) -> Double.compare(a[0], c[0]));
        byStore.put(b, points);
      }
    }
    return byStore;
  }

  /** One store's series, in the axis's unit; returns whether an error bar reached below 0 (and was clipped). */
  private static boolean addSeries(YIntervalSeriesCollection data, List<Page.Line> lines, ReportData report,
      String store, List<double[]> points, double divisor) {
    YIntervalSeries series = new YIntervalSeries(store);
    double[] x = new double[points.size()];
    double[] y = new double[x.length];
    double[] bars = new double[x.length];
    boolean clipped = false;
    for (int i = 0; i < x.length; i++) {
      double[] p = points.get(i);
      x[i] = p[0];
      y[i] = p[1] / divisor;
      bars[i] = p[2] / divisor;
      // A throughput or a latency is never below 0: with few repetitions the interval can reach past it.
      double low = y[i] - bars[i];
      clipped |= low < 0;
      series.add(x[i], y[i], Math.max(0, low), y[i] + bars[i]);
    }
    data.addSeries(series);
    lines.add(new Page.Line(store, report.color(store),
        Arrays.stream(x).map(v -> Math.rint(Math.pow(2, v))).toArray(), y, bars));
    return clipped;
  }

  /** The plot: threads on a log2 axis, the value from 0, lines with error bars in each store's color. */
  private static XYPlot plot(YIntervalSeriesCollection data, TreeSet<Integer> counts, String unit,
      List<Page.Line> lines) {
    NumberAxis threads = new ThreadsAxis(counts);
    threads.setAutoRangeIncludesZero(false);
    threads.setLowerMargin(0.05);
    threads.setUpperMargin(0.05);
    NumberAxis value = new NumberAxis(unit);
    value.setAutoRangeIncludesZero(true);
    XYErrorRenderer renderer = new XYErrorRenderer();
    renderer.setDrawXError(false);
    renderer.setDefaultLinesVisible(true);
    renderer.setDefaultShapesVisible(true);
    renderer.setErrorStroke(new BasicStroke(1f));
    renderer.setCapLength(6);
    XYPlot plot = new XYPlot(data, threads, value, renderer);
    for (int i = 0; i < lines.size(); i++) {
      renderer.setSeriesPaint(i, lines.get(i).color());
      renderer.setSeriesStroke(i, new BasicStroke(2f));
    }
    return plot;
  }

  /**
   * For a study: each store's published figures of this chart's statistic as points in its color, not joined (a line
   * would show values between them that were never published): throughput, and the P99 of the workload's main
   * operation (the paper's "ms", read as microseconds, docs/studies.md). Returns null when none was drawn, else what
   * the caption adds about the unit.
   */
  private static String published(ReportData report, String workload, String figure, XYPlot plot, Set<String> stores,
      List<Page.Line> lines, double divisor) {
    if (report.study == null) {
      return null;
    }
    String op = workload.equals("writeheavy") ? "INSERT" : "READ";
    boolean throughput = figure.equals(SweepCell.THROUGHPUT);
    if (!throughput && !figure.equals(op + ".p99Micros")) {
      return null;
    }
    XYSeriesCollection data = new XYSeriesCollection();
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true);
    boolean likelyMicros = false;
    for (String store : stores) {
      XYSeries series = new XYSeries(store + " (published)");
      for (StudyFile.Published p : report.study.published()) {
        if (p.workload().equals(workload) && p.store().equals(store) && (throughput ? p.throughput()
            : p.figure().equals("P99"))) {
          series.add(Charts.log2(p.threads()), throughput ? p.value() : p.value() / divisor);
          likelyMicros |= !throughput && p.unit().contains("likely us");
        }
      }
      if (series.getItemCount() == 0) {
        continue;
      }
      int i = data.getSeriesCount();
      data.addSeries(series);
      renderer.setSeriesPaint(i, report.color(store));
      renderer.setSeriesShape(i, new java.awt.geom.Rectangle2D.Double(-5, -5, 10, 10));
      renderer.setSeriesShapesFilled(i, false);
      double[] x = new double[series.getItemCount()];
      double[] y = new double[x.length];
      for (int k = 0; k < x.length; k++) {
        x[k] = Math.rint(Math.pow(2, series.getX(k).doubleValue()));
        y[k] = series.getY(k).doubleValue();
      }
      lines.add(new Page.Line(store + " (published)", report.color(store), x, y, null));
    }
    if (data.getSeriesCount() == 0) {
      return null;
    }
    plot.setDataset(1, data);
    plot.setRenderer(1, renderer);
    return likelyMicros ? " (its P99 published as \"ms\" and drawn as microseconds: one client's P99 of 410-1,187"
        + " ms could not make the 1,278-3,562 ops/s it published, one request at a time)" : "";
  }

  /**
   * The thread axis: log2(threads) on a linear axis (threads double from point to point in a study), with a
   * tick labelled at each thread count the chart has, powers of two or not (memtier's 100, 400, 800 clients).
   */
  private static final class ThreadsAxis extends NumberAxis {
    private static final long serialVersionUID = 1L;
    private final TreeSet<Integer> counts;

    ThreadsAxis(TreeSet<Integer> counts) {
      super("client threads");
      this.counts = counts;
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public List refreshTicks(java.awt.Graphics2D g2, org.jfree.chart.axis.AxisState state,
        java.awt.geom.Rectangle2D dataArea, org.jfree.chart.ui.RectangleEdge edge) {
      List ticks = new ArrayList();
      for (int t : counts) {
        ticks.add(new org.jfree.chart.axis.NumberTick(Charts.log2(t), Integer.toString(t),
            org.jfree.chart.ui.TextAnchor.TOP_CENTER, org.jfree.chart.ui.TextAnchor.CENTER, 0.0));
      }
      return ticks;
    }
  }
}
