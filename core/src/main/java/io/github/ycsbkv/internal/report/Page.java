package io.github.ycsbkv.internal.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Color;
import java.awt.Rectangle;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;
import org.jfree.svg.SVGGraphics2D;

/**
 * One self-contained HTML page as it is written: its head and style, text escaped, tables, and charts drawn by
 * JFreeChart as inline SVG with real text (no script, no network), each with the data it plots as JSON in its
 * {@code <desc>}. Used by one thread.
 */
final class Page {

  private static final ObjectMapper JSON = new ObjectMapper();
  /** What JFreeSVG writes on every element that draws as the default would: full opacity, and hints. */
  private static final List<String> REDUNDANT_STYLE = List.of("stroke-opacity:1.0;", "fill-opacity: 1.0; ",
      "shape-rendering:geometricPrecision;", "stroke-linecap:square;");
  private static final Pattern DECIMALS = Pattern.compile("(\\d\\.\\d\\d)\\d+");

  /** What one line of a chart shows; written into the chart's SVG {@code <desc>} as JSON. */
  record Line(String name, Color color, double[] x, double[] y, double[] errorBars) {}

  private final StringBuilder html = new StringBuilder();
  private int charts;

  /** Starts the page: its title and style. */
  Page(String title) {
    html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>ycsb-kv report: ").append(esc(title)).append("</title>\n<style>")
        .append("body{font-family:sans-serif;margin:2em;max-width:1400px;color:#222}")
        .append("table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:3px 8px;")
        .append("text-align:right}th{background:#eee}td.l,th.l{text-align:left}")
        .append("figure{display:inline-block;vertical-align:top;margin:0 1em 1em 0}figcaption{font-size:90%;color:#555;max-width:640px}")
        .append("code,pre{background:#f4f4f4}pre{padding:.5em;white-space:pre-wrap}.warn{color:#a40}td.nw{white-space:nowrap}")
        .append("</style></head><body>\n");
  }

  /** Appends HTML as it is (callers escape what they did not write themselves). */
  Page html(String s) {
    html.append(s);
    return this;
  }

  /** Appends text, escaped. */
  Page text(String s) {
    html.append(esc(s));
    return this;
  }

  /** A table row of a name and a value. */
  Page row(String name, String value) {
    html.append("<tr><th class=\"l\">").append(esc(name)).append("</th><td class=\"l\">").append(esc(value))
        .append("</td></tr>");
    return this;
  }

  /** The page, ended. */
  String finish() {
    return html.append("</body></html>\n").toString();
  }

  /** A chart as an inline SVG figure with {@code caption}. */
  void figure(JFreeChart chart, List<Line> lines, String caption) {
    figure(chart, lines, caption, List.of());
  }

  /** As {@link #figure(JFreeChart, List, String)}; {@code shaded}: the x ranges shaded as outages. */
  void figure(JFreeChart chart, List<Line> lines, String caption, List<double[]> shaded) {
    figure(chart, lines, caption, shaded, List.of());
  }

  /** A window of the x axis marked on a chart: an event the server went through ({@code label}). */
  record Mark(double from, double to, String label) {}

  /** As {@link #figure(JFreeChart, List, String, List)}; {@code marks}: the server's events' windows. */
  void figure(JFreeChart chart, List<Line> lines, String caption, List<double[]> shaded, List<Mark> marks) {
    // JFreeSVG writes text as <text> elements: a few KB per chart, searchable, crisp at any zoom.
    SVGGraphics2D g = new SVGGraphics2D(640, 400);
    g.setDefsKeyPrefix("c" + (++charts) + "-"); // ids unique within the page, which holds every chart inline
    chart.draw(g, new Rectangle(0, 0, 640, 400));
    String text = g.getSVGElement();
    // Coordinates to 0.01 px.
    text = DECIMALS.matcher(text).replaceAll("$1");
    // Style declarations that repeat the SVG defaults (or change nothing visible here) on every element: a
    // study-sized page is a fifth smaller without them.
    for (String same : REDUNDANT_STYLE) {
      text = text.replace(same, "");
    }
    String title = ((TextTitle) chart.getTitle()).getText();
    // The plotted data as JSON in <desc>, so that a program (or a test) can read what each line shows.
    int open = text.indexOf('>', text.indexOf("<svg")) + 1;
    text = text.substring(0, open) + "\n  <title>" + esc(title) + "</title>\n  <desc>"
        + esc(description(chart.getXYPlot(), title, lines, shaded, marks)) + "</desc>" + text.substring(open);
    // Inline, not a data URI: no base64 (a third more bytes), and the page's text search finds the charts' text.
    html.append("<figure role=\"img\" aria-label=\"").append(esc(title)).append("\">").append(text)
        .append("<figcaption>").append(esc(caption)).append("</figcaption></figure>\n");
  }

  private static String description(XYPlot plot, String title, List<Line> lines, List<double[]> shaded,
      List<Mark> marks) {
    ObjectNode desc = JSON.createObjectNode();
    desc.put("title", title);
    desc.put("xAxis", plot.getDomainAxis().getLabel());
    desc.put("yAxis", plot.getRangeAxis().getLabel());
    ArrayNode series = desc.putArray("series");
    for (Line l : lines) {
      ObjectNode o = series.addObject();
      o.put("name", l.name());
      o.put("stroke", rgb(l.color()));
      Arrays.stream(l.x()).forEach(o.putArray("x")::add);
      Arrays.stream(l.y()).forEach(o.putArray("y")::add);
      if (l.errorBars() != null) {
        Arrays.stream(l.errorBars()).forEach(o.putArray("errorBars")::add);
      }
    }
    if (!shaded.isEmpty()) {
      ArrayNode outages = desc.putArray("outages");
      for (double[] range : shaded) {
        outages.addArray().add(range[0]).add(range[1]);
      }
    }
    if (!marks.isEmpty()) {
      ArrayNode events = desc.putArray("events");
      for (Mark m : marks) {
        events.addObject().put("from", m.from()).put("to", m.to()).put("event", m.label());
      }
    }
    return desc.toString();
  }

  /** The color as SVG writes it in a style: {@code rgb(31,119,180)}. */
  static String rgb(Color c) {
    return "rgb(" + c.getRed() + "," + c.getGreen() + "," + c.getBlue() + ")";
  }

  /** Megabytes (10^6 bytes) with one decimal, or "not reported" for a figure the server does not report (-1). */
  static String mb(long bytes) {
    return bytes < 0 ? "not reported" : String.format(Locale.ROOT, "%.1f", bytes / 1e6);
  }

  static String esc(String s) {
    if (s == null) {
      return "";
    }
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
