package io.github.ycsbkv.internal.report;

import java.awt.Color;
import java.awt.Font;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;

/** What the report's charts share: their look, and latency units that suit the values. Stateless. */
final class Charts {

  private Charts() {}

  /** A chart of {@code plot} in the report's look: white, light grid lines, a bold title, a legend. */
  static JFreeChart newChart(String title, XYPlot plot) {
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(new Color(0xdddddd));
    plot.setRangeGridlinePaint(new Color(0xdddddd));
    plot.setOutlineVisible(false);
    JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    chart.setAntiAlias(true);
    return chart;
  }

  /** The unit that shows latencies up to {@code maxMicros} with few digits: us, ms or s. */
  static String latencyUnit(double maxMicros) {
    return maxMicros < 1_000 ? "latency (us)" : maxMicros < 1_000_000 ? "latency (ms)" : "latency (s)";
  }

  /** Microseconds per unit of {@link #latencyUnit}'s axis label. */
  static double latencyDivisor(String unit) {
    return unit.endsWith("(us)") ? 1 : unit.endsWith("(ms)") ? 1_000 : 1_000_000;
  }

  static double log2(int n) {
    return Math.log(n) / Math.log(2);
  }
}
