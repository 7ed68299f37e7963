package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.IntervalSample;
import io.github.ycsbkv.results.Outage;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * A run over time, from its status intervals ({@code intervals} in result.json): throughput and failed operations
 * per second, and the P99 of each interval, with the run's outages shaded (docs/faults.md).
 */
final class Timeline {

  /** The shade of an outage: a light red, drawn behind the lines. */
  static final Color OUTAGE = new Color(0xd6, 0x27, 0x28, 0x38);
  private static final Color THROUGHPUT = new Color(0x1f77b4);
  private static final Color FAILED = new Color(0xd62728);
  private static final Color OFFERED = new Color(0x7f7f7f);
  private static final Color P99 = new Color(0x2ca02c);
  private static final Color RESPONSE_P99 = new Color(0xff7f0e);

  /** The shade of an event's window (docs/states.md): a light blue, drawn behind the lines. */
  static final Color EVENT = new Color(0x1f, 0x77, 0xb4, 0x30);

  /**
   * One chart to draw: its plot, the lines it shows (for the figure's description), the shaded outages and the
   * server's events' windows.
   */
  record Chart(String title, XYPlot plot, List<Page.Line> lines, List<double[]> shaded, List<Page.Mark> marks,
      String caption) {}

  private Timeline() {}

  /** The charts of {@code r} (named {@code name} in their titles); none when it has fewer than two intervals. */
  static List<Chart> of(String name, BenchmarkResult r) {
    List<IntervalSample> samples = r.intervals();
    if (samples.size() < 2) {
      return List.of();
    }
    List<double[]> shaded = shaded(r);
    int n = samples.size();
    double[] x = new double[n];
    double[] ops = new double[n];
    double[] failed = new double[n];
    List<Double> p99x = new ArrayList<>();
    List<Double> p99y = new ArrayList<>();
    List<Double> responseX = new ArrayList<>();
    List<Double> responseY = new ArrayList<>();
    double maxP99 = 0;
    long lastMillis = 0;
    long lastFailed = 0;
    for (int i = 0; i < n; i++) {
      IntervalSample s = samples.get(i);
      x[i] = s.elapsedMillis() / 1000.0;
      ops[i] = s.opsPerSec();
      double seconds = Math.max(1e-3, (s.elapsedMillis() - lastMillis) / 1000.0);
      failed[i] = Math.max(0, s.failedOperations() - lastFailed) / seconds;
      // The interval's rate counts every operation; the line shows those that did not fail.
      ops[i] = Math.max(0, ops[i] - failed[i]);
      lastMillis = s.elapsedMillis();
      lastFailed = s.failedOperations();
      if (!Double.isNaN(s.p99Micros())) {
        p99x.add(x[i]);
        p99y.add(s.p99Micros());
        maxP99 = Math.max(maxP99, s.p99Micros());
      }
      if (!Double.isNaN(s.responseP99Micros())) {
        responseX.add(x[i]);
        responseY.add(s.responseP99Micros());
        maxP99 = Math.max(maxP99, s.responseP99Micros());
      }
    }
    double interval = n > 1 ? (samples.get(1).elapsedMillis() - samples.get(0).elapsedMillis()) / 1000.0 : 0;
    String per = String.format(Locale.ROOT, "per status interval (%.0f s; -p status.interval=1 for a finer timeline)",
        interval);
    List<Page.Mark> marks = ServerTimeline.marks(r);
    String outages = (r.outages().isEmpty() ? "no outage" : r.outages().size() + " outage(s) shaded")
        + ServerTimeline.marked(marks);
    List<Chart> out = new ArrayList<>();

    List<Page.Line> rate = new ArrayList<>(List.of(new Page.Line("operations/s (not failed)", THROUGHPUT, x, ops,
        null), new Page.Line("failed operations/s", FAILED, x, failed, null)));
    double[] offered = samples.stream().mapToDouble(IntervalSample::offeredOpsPerSec).toArray();
    boolean targeted = java.util.Arrays.stream(offered).noneMatch(Double::isNaN);
    if (targeted) {
      rate.add(new Page.Line("offered operations/s (-target)", OFFERED, x, offered, null));
    }
    String title = "Throughput over time, " + name;
    out.add(new Chart(title, plot(rate, "operations per second", shaded, marks), rate, shaded, marks, title
        + ": operations that did not fail"
        + " (OK or NOT_FOUND) and failed operations per second " + per + (targeted ? ", and the rate -target offered"
        + " in each interval (its schedule's mean over it)" : "") + ", against seconds since the start of the phase; " + outages
        + ". Source: result.json intervals and outages."));

    if (!p99x.isEmpty()) {
      out.add(p99Chart(name, p99x, p99y, responseX, responseY, maxP99, shaded, marks, per + "; " + outages));
    }
    out.addAll(ServerTimeline.of(name, r, marks));
    return out;
  }

  /** The outages as shaded spans of seconds (at least 50 ms wide, so that a short one shows). */
  private static List<double[]> shaded(BenchmarkResult r) {
    List<double[]> shaded = new ArrayList<>();
    for (Outage o : r.outages()) {
      double end = (o.ended() ? o.endMillis() : r.runtimeMillis()) / 1000.0;
      shaded.add(new double[] {o.startMillis() / 1000.0, Math.max(end, o.startMillis() / 1000.0 + 0.05)});
    }
    return shaded;
  }

  /**
   * The P99 over time in the unit its largest value suits, with an open loop's P99 from the intended start beside the
   * service time's (where the intervals have it); {@code said}: the interval and the outages, worded.
   */
  private static Chart p99Chart(String name, List<Double> p99x, List<Double> p99y, List<Double> responseX,
      List<Double> responseY, double maxP99, List<double[]> shaded, List<Page.Mark> marks, String said) {
    String unit = Charts.latencyUnit(maxP99);
    double divisor = Charts.latencyDivisor(unit);
    double[] px = p99x.stream().mapToDouble(Double::doubleValue).toArray();
    double[] py = p99y.stream().mapToDouble(v -> v / divisor).toArray();
    List<Page.Line> p99 = new ArrayList<>(List.of(new Page.Line("P99", P99, px, py, null)));
    String response = "";
    if (!responseX.isEmpty()) {
      p99.add(new Page.Line("P99 from the intended start", RESPONSE_P99,
          responseX.stream().mapToDouble(Double::doubleValue).toArray(),
          responseY.stream().mapToDouble(v -> v / divisor).toArray(), null));
      response = ", and of the response time from each operation's intended start (-target: the wait in the client"
          + " for a connection included)";
    }
    String t = "P99 over time, " + name;
    return new Chart(t, plot(p99, unit, shaded, marks), p99, shaded, marks, t + ": the 99th percentile of the"
        + " service time of every operation in the interval" + response + " " + said
        + ". Source: result.json intervals.");
  }

  static XYPlot plot(List<Page.Line> lines, String unit, List<double[]> shaded, List<Page.Mark> marks) {
    XYSeriesCollection data = new XYSeriesCollection();
    for (Page.Line l : lines) {
      XYSeries s = new XYSeries(l.name(), false, true);
      for (int i = 0; i < l.x().length; i++) {
        s.add(l.x()[i], l.y()[i]);
      }
      data.addSeries(s);
    }
    NumberAxis time = new NumberAxis("seconds since the start");
    time.setAutoRangeIncludesZero(true);
    NumberAxis value = new NumberAxis(unit);
    value.setAutoRangeIncludesZero(true);
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    XYPlot plot = new XYPlot(data, time, value, renderer);
    for (int i = 0; i < lines.size(); i++) {
      renderer.setSeriesPaint(i, lines.get(i).color());
      renderer.setSeriesStroke(i, new BasicStroke(2f));
    }
    for (double[] s : shaded) {
      IntervalMarker m = new IntervalMarker(s[0], s[1]);
      m.setPaint(OUTAGE);
      m.setOutlinePaint(null);
      plot.addDomainMarker(m, Layer.BACKGROUND);
    }
    for (Page.Mark e : marks) {
      IntervalMarker m = new IntervalMarker(e.from(), e.to());
      m.setPaint(EVENT);
      m.setOutlinePaint(null);
      m.setLabel(e.label());
      m.setLabelAnchor(org.jfree.chart.ui.RectangleAnchor.TOP_LEFT);
      m.setLabelTextAnchor(org.jfree.chart.ui.TextAnchor.TOP_LEFT);
      plot.addDomainMarker(m, Layer.BACKGROUND);
    }
    return plot;
  }
}
