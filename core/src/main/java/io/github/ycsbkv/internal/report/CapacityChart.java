package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.capacity.CapacityFile;
import io.github.ycsbkv.config.Slo;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.annotations.XYShapeAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The latency-throughput curve of capacity searches: per search, its open-loop steps as achieved operations per second
 * against the latency at the budget's percentile from intended starts (log axis), in the order the rates rose; the
 * budget as a dashed line; the capacity (the knee within the budget) ringed; steps on which the client was the
 * bottleneck crossed out, in a series of their own: their figures are the client's, not the store's. Stateless.
 */
final class CapacityChart {

  /** One curve: its name in the legend, its color and its search. */
  record Curve(String name, Color color, CapacityFile search) {}

  private CapacityChart() {}

  /** Draws {@code curves} as one figure titled {@code title}; nothing when no search has an open-loop step. */
  static void draw(Page page, String title, List<Curve> curves) {
    Slo.Bound bound = curves.isEmpty() ? null : curves.get(0).search().plotted();
    double percentile = bound == null ? 99 : bound.percentile();
    Series series = series(curves, percentile);
    if (series.data.getSeriesCount() == 0) {
      return;
    }
    NumberAxis rate = new NumberAxis("operations/s achieved");
    rate.setAutoRangeIncludesZero(true);
    LogAxis latency = new LogAxis("P" + name(percentile) + " latency from intended start (ms), log scale");
    latency.setSmallestValue(Math.max(1e-3, series.lowest / 2));
    latency.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1));
    latency.setNumberFormatOverride(new java.text.DecimalFormat("0.###"));
    XYPlot plot = new XYPlot(series.data, rate, latency, series.renderer);
    if (bound != null) {
      // The budget is drawn where the steps' latencies stay far below it too (steps that fell short of their rate).
      latency.setRange(Math.max(1e-3, series.lowest / 2), Math.max(series.highest, bound.maxMicros() / 1000) * 2);
      budget(plot, bound);
    }
    for (Knee k : series.knees) {
      knee(plot, k);
    }
    page.figure(Charts.newChart(title, plot), series.lines, title + ": each capacity search's open-loop steps,"
        + " operations per second achieved against P" + name(percentile) + " latency from each operation's intended"
        + " start (log scale), in the order of their rates" + (bound == null ? "" : "; dashed: the budget")
        + "; ringed: the capacity, the highest rate confirmed within the budget; crossed out: steps on which the"
        + " client was the bottleneck (its schedule lag or CPU), whose figures are the client's, not the store's."
        + " Source: capacity.json of each search.");
  }

  /** The capacity of one curve: the confirming step's achieved rate and latency (ms), in its curve's color. */
  private record Knee(double rate, double millis, Color color) {}

  /** What the chart plots: a series per curve (and one for its client-bound steps), their lines and knees. */
  private static final class Series {
    final XYSeriesCollection data = new XYSeriesCollection();
    final XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    final List<Page.Line> lines = new ArrayList<>();
    final List<Knee> knees = new ArrayList<>();
    double lowest = Double.MAX_VALUE;
    double highest;
  }

  /** Each curve's open-loop steps in the order of their rates, its client-bound steps apart, and its knee. */
  private static Series series(List<Curve> curves, double percentile) {
    Series out = new Series();
    for (Curve c : curves) {
      List<CapacityFile.Step> open = c.search().steps().stream().filter(s -> !s.probe()
          && s.latency(percentile) > 0 && s.achieved() > 0).sorted((a, b) -> Double.compare(a.target(), b.target()))
          .toList();
      if (open.isEmpty()) {
        continue;
      }
      XYSeries store = new XYSeries(c.name(), false, true);
      XYSeries clientBound = new XYSeries(c.name() + ": client-bound", false, true);
      for (CapacityFile.Step s : open) {
        double ms = s.latency(percentile) / 1000;
        out.lowest = Math.min(out.lowest, ms);
        out.highest = Math.max(out.highest, ms);
        (s.clientBoundVerdict() ? clientBound : store).add(s.achieved(), ms);
      }
      add(out, store, c.color(), new Ellipse2D.Double(-3, -3, 6, 6), true);
      if (clientBound.getItemCount() > 0) {
        add(out, clientBound, c.color(), ShapeUtils.createDiagonalCross(5f, 1f), false);
      }
      CapacityFile.Capacity cap = c.search().capacity();
      for (CapacityFile.Step s : open) {
        if (cap.found() && s.kind().equals("confirm") && s.target() == cap.opsPerSec()) {
          out.knees.add(new Knee(s.achieved(), s.latency(percentile) / 1000, c.color()));
        }
      }
    }
    return out;
  }

  /** The budget's bound as a dashed line across the chart, labelled. */
  private static void budget(XYPlot plot, Slo.Bound bound) {
    ValueMarker budget = new ValueMarker(bound.maxMicros() / 1000, new Color(0x555555), new BasicStroke(1.5f,
        BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
    budget.setLabel("budget " + bound.describe());
    budget.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    budget.setLabelAnchor(RectangleAnchor.TOP_LEFT);
    budget.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
    plot.addRangeMarker(budget, Layer.FOREGROUND);
  }

  /** A ring around the capacity's point and its rate beside it. */
  private static void knee(XYPlot plot, Knee k) {
    plot.addAnnotation(new XYShapeAnnotation(ring(k.rate(), k.millis()), new BasicStroke(2f), k.color()));
    XYTextAnnotation label = new XYTextAnnotation(String.format(Locale.ROOT, "capacity %,.0f ops/s ", k.rate()),
        k.rate(), k.millis());
    label.setTextAnchor(TextAnchor.TOP_RIGHT);
    label.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
    label.setPaint(k.color());
    plot.addAnnotation(label);
  }

  /** A ring around a point, in data coordinates: 2.5% of the rate either side, a factor 1.25 up and down the log axis. */
  private static Shape ring(double x, double y) {
    double w = Math.max(x * 0.025, 1);
    return new Ellipse2D.Double(x - w, y / 1.25, 2 * w, y * 1.25 - y / 1.25);
  }

  /** Adds {@code s} to the chart in {@code color}, with its line (or only its markers), and to the lines described. */
  private static void add(Series out, XYSeries s, Color color, Shape shape, boolean lines) {
    int i = out.data.getSeriesCount();
    out.data.addSeries(s);
    out.renderer.setSeriesPaint(i, color);
    out.renderer.setSeriesShape(i, shape);
    out.renderer.setSeriesLinesVisible(i, lines);
    out.renderer.setSeriesStroke(i, new BasicStroke(2f));
    out.renderer.setSeriesShapesFilled(i, lines);
    out.lines.add(line((String) s.getKey(), color, s));
  }

  private static Page.Line line(String name, Color color, XYSeries s) {
    double[] x = new double[s.getItemCount()];
    double[] y = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      x[i] = s.getX(i).doubleValue();
      y[i] = s.getY(i).doubleValue();
    }
    return new Page.Line(name, color, x, y, null);
  }

  /** {@code 99}, {@code 99.9}. */
  private static String name(double percentile) {
    return percentile == Math.rint(percentile) ? Long.toString((long) percentile) : Double.toString(percentile);
  }
}
