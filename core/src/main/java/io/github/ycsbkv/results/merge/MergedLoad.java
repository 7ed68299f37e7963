package io.github.ycsbkv.results.merge;

import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ClientHosts;
import io.github.ycsbkv.results.LatencyStats;
import io.github.ycsbkv.results.LoadShape;
import io.github.ycsbkv.results.OpenLoop;
import io.github.ycsbkv.results.OperationResult;
import io.github.ycsbkv.results.PercentileValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The load shape of a merged result ({@link ResultMerge}): the processes' shapes added up, the server they shared as
 * one of them saw it, and their open loops as one. Stateless.
 */
final class MergedLoad {

  private MergedLoad() {}

  /**
   * The processes' load shapes added up (clients, connections, serving threads) and, where they were the client
   * processes of one run ({@code clients.count}), which, and the server they shared as the first of them saw it, per
   * operation of them all ({@link #sharedServer}); processes of separate runs get no server view. The open loops as
   * one ({@link #openLoop}). Null when a result has none.
   */
  static LoadShape of(List<BenchmarkResult> results, Map<String, Histogram> series) {
    int clients = 0;
    int connections = 0;
    int threads = 0;
    double inFlight = 0;
    LoadShape.Model model = null;
    String transport = null;
    boolean firstShape = true;
    for (BenchmarkResult r : results) {
      LoadShape l = r.load();
      if (l == null) {
        return null;
      }
      clients += l.clients();
      connections = connections < 0 || l.connections() < 0 ? -1 : connections + l.connections();
      threads += l.servingThreads();
      inFlight = Math.max(inFlight, l.inFlightPerConnection());
      model = model == null || model == l.model() ? l.model() : LoadShape.Model.UNKNOWN;
      transport = firstShape || java.util.Objects.equals(transport, l.transport()) ? l.transport() : "mixed";
      firstShape = false;
    }
    ClientHosts hosts = ResultMerge.mergedHosts(results);
    return new LoadShape(clients, connections, inFlight, threads, model, hosts == null ? null
        : sharedServer(results), transport, openLoop(results, series), 1, hosts);
  }

  /**
   * The processes of one run shared the server: the first process's view of it (the lowest index that has the phase's
   * totals), its commands and CPU divided by every process's operations. The barrier aligned the measured phases, so
   * its phase is within the start spread of the others'. Null when no process has the totals.
   */
  private static LoadShape.ServerView sharedServer(List<BenchmarkResult> results) {
    long operations = 0;
    for (BenchmarkResult r : results) {
      operations += r.operations();
    }
    BenchmarkResult from = null;
    int lowest = Integer.MAX_VALUE;
    for (BenchmarkResult r : results) {
      LoadShape.ServerView v = r.load().server();
      int index = r.load().hosts() == null || r.load().hosts().indexes().isEmpty() ? Integer.MAX_VALUE - 1
          : r.load().hosts().indexes().get(0);
      if (v != null && !(Double.isNaN(v.cpuMicros()) && Double.isNaN(v.commands())) && index < lowest) {
        from = r;
        lowest = index;
      }
    }
    return from == null ? null : from.load().server().perOperationOf(operations, "client " + lowest + "'s view of"
        + " the server, per operation of every client");
  }

  /**
   * The clients' open loops as one ({@code -target} split over the processes of a run): the rates asked for and
   * offered added up, the latency from every intended start from the added histograms, client-bound when any client
   * was (naming it); the schedule lag and the client's CPU share are the worst client's, since each is a property of
   * one client's schedule. Null when any client ran a closed loop; spikes are left out (each client's are in its
   * result).
   */
  static OpenLoop openLoop(List<BenchmarkResult> results, Map<String, Histogram> series) {
    double target = 0;
    double offered = 0;
    long arrivals = 0;
    double perConnection = 0;
    double perConnectionMax = 0;
    double queue = 0;
    long queueMax = 0;
    int maxInFlight = 0;
    double cpuShare = Double.NaN;
    LatencyStats lag = null;
    List<String> bound = new ArrayList<>();
    for (int i = 0; i < results.size(); i++) {
      BenchmarkResult r = results.get(i);
      OpenLoop o = r.load() == null ? null : r.load().openLoop();
      if (o == null) {
        return null;
      }
      target += o.targetOpsPerSec();
      offered += o.offeredOpsPerSec();
      arrivals += o.arrivalCount();
      perConnection += o.inFlightPerConnectionMean() * o.arrivalCount();
      queue += o.queueMean() * o.arrivalCount();
      perConnectionMax = Math.max(perConnectionMax, o.inFlightPerConnectionMax());
      queueMax = Math.max(queueMax, o.queueMax());
      maxInFlight = Math.max(maxInFlight, o.maxInFlight());
      cpuShare = Double.isNaN(cpuShare) || o.clientCpuShare() > cpuShare ? o.clientCpuShare() : cpuShare;
      if (o.scheduleLag() != null && (lag == null
          || o.scheduleLag().percentileMicros(99) > lag.percentileMicros(99))) {
        lag = o.scheduleLag();
      }
      if (o.clientBound() != null) {
        bound.add(clientName(r, i) + ": " + o.clientBound());
      }
    }
    OpenLoop first = results.get(0).load().openLoop();
    // Every operation's latency from its intended start, ok and failed, as each client's OpenLoopFigures adds it.
    Histogram latency = new Histogram(3);
    latency.setAutoResize(true);
    String intended = OperationResult.seriesName("", false, true);
    String cleanup = OperationResult.seriesName("CLEANUP", false, true);
    series.forEach((name, h) -> {
      if (name.startsWith(intended) && !name.startsWith(cleanup)) {
        latency.add(h);
      }
    });
    List<Double> percentiles = first.latency() == null ? results.get(0).percentiles()
        : first.latency().percentiles().stream().map(PercentileValue::percentile).toList();
    return new OpenLoop(first.arrivals(), target, offered, maxInFlight, first.servedBy(), arrivals,
        arrivals == 0 ? 0 : perConnection / arrivals, perConnectionMax, arrivals == 0 ? 0 : queue / arrivals,
        queueMax, lag, LatencyStats.ofNanos(latency, percentiles), cpuShare,
        bound.isEmpty() ? null : String.join("; ", bound));
  }

  /** How a merged client is named in warnings: its index among a run's processes, else its place here. */
  private static String clientName(BenchmarkResult r, int position) {
    ClientHosts h = r.load() == null ? null : r.load().hosts();
    return h != null && h.indexes().size() == 1 ? "client " + h.indexes().get(0) + " (" + r.environment().host() + ")"
        : "client " + (position + 1) + " (" + r.environment().host() + ")";
  }
}
