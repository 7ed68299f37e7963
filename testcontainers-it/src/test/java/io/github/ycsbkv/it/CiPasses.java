package io.github.ycsbkv.it;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Which of CI's passes run which tests (docs/testing.md, "What each pass runs"), in one place: the two tables below,
 * which a JUnit condition applies to every test class of this module (registered in
 * {@code META-INF/services/org.junit.jupiter.api.extension.Extension}, auto-detection on in
 * {@code junit-platform.properties}). A skipped test says which pass left it out and why.
 *
 * <ul>
 *   <li>The <b>binary pass</b> (the README's {@code ./mvnw verify}) runs every test; where {@code .ci/run} runs a
 *       container pass after it on the same machine (it then sets {@code CI_CONTAINER_PASS_FOLLOWS}), it leaves
 *       {@link #LEFT_TO_CONTAINER_PASS} to that pass, which runs them with each store from its pinned image.
 *   <li>The <b>container pass</b> ({@code it.provision=container}) runs only what the container path adds:
 *       {@link #CONTAINER_PASS}, each store from its pinned image, the studies' containers (host networking, the
 *       provisioning code), the client image as the manifests run it. Every other test's subject is the same with a
 *       store from its binary, which the binary pass ran.
 *   <li>The <b>ARM64 pass</b> runs under qemu-user ({@code -Dit.emulated=true}, which {@code .ci/run} gives it):
 *       every test but {@link #NOT_UNDER_EMULATION}, what is timed against the run's clock (which emulation stretches
 *       for the client and not for the x86_64 servers beside it) or is the same Java text on every platform. Under
 *       emulation behaviour is tested, not speed. On ARM64 hardware, without {@code it.emulated}, every test runs.
 * </ul>
 *
 * <p>One choice depends on a test's parameters and stays beside them, worded through {@link #notUnderEmulation}:
 * {@code FaultIT}'s kills but the RESP engine's and Aerospike's client's. {@code LauncherIT}'s class-data test ends
 * under emulation once the archive was written and used on aarch64 (the broken archive and the user's own options
 * after that are the launcher script's choices, the same on every platform).
 */
public final class CiPasses implements ExecutionCondition {

  /** The test classes the container pass runs (simple names), and what the container path adds to each. */
  static final Map<String, String> CONTAINER_PASS = Map.of(
      "RedisWorkloadsIT", "every workload file on Redis from its pinned image",
      "ValkeyWorkloadsIT", "every workload file on Valkey from its pinned image",
      "KeydbWorkloadsIT", "every workload file on KeyDB from its pinned image (its tag by architecture)",
      "DragonflyWorkloadsIT", "every workload file on Dragonfly from its pinned image (memlock or --force_epoll)",
      "AerospikeWorkloadsIT", "every workload file on Aerospike from its pinned image (its entrypoint's settings)",
      "StudyIT", "a study's servers started in containers: host networking, CPU pinning, the provisioning code",
      "ClientImageIT", "the client image, run as the Kubernetes manifests' pods and merge Job run it",
      "StoreTest", "how a store is provisioned");

  /**
   * The test classes the binary pass leaves to the container pass that follows it ({@link #containerPassFollows}):
   * every workload file on each store, the same tests there with the store from its pinned image (and, for a store
   * whose image that machine cannot build, from its binary: {@code .ci/run} runs them so beside that pass).
   */
  static final Set<String> LEFT_TO_CONTAINER_PASS = Set.of("RedisWorkloadsIT", "ValkeyWorkloadsIT",
      "KeydbWorkloadsIT", "DragonflyWorkloadsIT", "AerospikeWorkloadsIT");

  private static final String STUDY = "a study is sweeps of runs the other tests make on aarch64, its servers this"
      + " host's processes";

  private static final String TLS_JAVA = "a URI, a trust setting, a message or the record command's use of the"
      + " engine's TLS is Java, the same on every platform; BoringSSL on aarch64 is tested by RedisTlsIT's load and"
      + " pipelined run with the CA file and its two untrusted-certificate cases";

  /**
   * Left out under emulation, by test class or {@code Class#method} (simple names), with why; the x86_64 passes ran
   * each of them.
   */
  static final Map<String, String> NOT_UNDER_EMULATION = Map.ofEntries(
      Map.entry("ScheduleIT", "each second's rate is compared on the run's clock"),
      Map.entry("RespEngineIT#oneSlowConnection_delaysOnlyItsOwnRequests", "the fast connections' requests are"
          + " counted against the held one's in one second of the run's clock (under qemu beside the container pass,"
          + " 100 against 19, where the bound asks 50 times as many)"),
      Map.entry("CommandsIT", "the commands workload's templates are Java, the same on every platform; the RESP engine"
          + " that sends them on aarch64 is every workload test's"),
      Map.entry("DragonflyBindingIT", "the dragonfly binding is the RESP engine's code and its own Java, which"
          + " DragonflyWorkloadsIT runs on aarch64; Dragonfly itself is an x86_64 binary there"),
      Map.entry("ReplayIT", "a replay is the replay workload's Java and the bindings' commands, the same on every"
          + " platform"),
      Map.entry("ServerStatesIT", "the server's states and events are INFO and BGSAVE through the probe's Java, the"
          + " same on every platform, and a save's window is timed on the run's clock"),
      Map.entry("ReplicaReadsIT", "where reads go is the RESP engine's routing in Java, the same on every platform;"
          + " its connections on aarch64 are every workload test's"),
      Map.entry("SuiteIT", "a suite is memtier's command line translated in Java, the same on every platform"),
      Map.entry("RespLinkIT", "a socket's timeout around one command, in Java, the same on every platform"),
      Map.entry("MemtierIT", "memtier's command line is translated in Java, the same on every platform, and compared"
          + " with the x86_64 memtier_benchmark in the binary pass"),
      Map.entry("MetricsIT", "the scraped rate is compared with the run's over seconds of the run's clock"),
      Map.entry("ManyHostsIT", "hosts of their own are network namespaces, not the client's architecture"),
      Map.entry("ProvisionClusterIT", "starting the servers is this host's process management, not the client's"
          + " architecture"),
      Map.entry("ClientImageIT", "builds and runs x86_64 images"),
      Map.entry("ScanIndexIT", "the scan index is the bindings' own Java, the same on every platform"),
      Map.entry("DragonflyOnRedisStandInIT", "the dragonfly binding on Redis is the same code as on Dragonfly, which"
          + " DragonflyBindingIT runs on aarch64"),
      Map.entry("KubernetesManifestsTest", "the manifests are text, the same on every platform"),
      Map.entry("ModuleClasspathIT", "which modules a class path holds is the same on every platform; the artifacts'"
          + " resolution with aarch64's natives is LibraryConsumerIT's, which runs on aarch64"),
      Map.entry("ClusterWorkloadsIT", "which node a workload's keys and scans go to is the RESP engine's routing in"
          + " Java, the same on every platform; a cluster's connections on aarch64 are RespClusterIT's"),
      Map.entry("ClusterFailoverIT", "a replica promoted by the cluster is found again by the engine's routing in Java;"
          + " connections lost on aarch64 are FaultIT's and RespClusterIT's"),
      Map.entry("LauncherIT#load_fromAnotherDirectory_keepsQuotedArgumentsAndWritesResults", "quoted arguments"
          + " through the sh launcher are the same on every platform; the launcher's JVM on aarch64 is its class-data"
          + " test's"),
      Map.entry("RedisTlsIT#load_withRedissUriAndCaFile_succeeds", TLS_JAVA),
      Map.entry("RedisTlsIT#load_insecure_acceptsTheSelfSignedServer", TLS_JAVA),
      Map.entry("RedisTlsIT#load_plainTextToATlsPort_suggestsTls", TLS_JAVA),
      Map.entry("RedisTlsIT#record_overTlsWithTheCaFile_holdsEveryInsertOfALoad", TLS_JAVA),
      Map.entry("RedisTlsIT#record_overTlsWithoutTheCa_saysTheHandshakeFailedAndWhatToGive", TLS_JAVA),
      Map.entry("AerospikeBindingIT#pipelined_manyThreadsTimesPipeline_noOperationFails", "the asynchronous client's"
          + " connections shared over its event loops are the binding's Java; Aerospike's event loops on aarch64 are"
          + " its asyncClient test's"),
      Map.entry("ConnectionScaleIT", "5,000 connections opened in waves are the engine's Java and this host's"
          + " kernel; the aarch64 transport's connections are every workload test's"),
      Map.entry("LauncherIT#help_listsTheCommands", "the command list is picocli's text, the same on every platform;"
          + " the launcher's JVM on aarch64 is its class-data test's"),
      Map.entry("LauncherIT#run_unknownBinding_propagatesExitCodeTwo", "an exit code through the sh launcher, the same"
          + " on every platform; the launcher's JVM on aarch64 is its class-data test's"),
      Map.entry("ValkeyBindingIT", "Valkey is served by the redis binding's code, which RedisBindingIT runs on"
          + " aarch64"),
      Map.entry("KeydbBindingIT", "KeyDB is served by the redis binding's code, which RedisBindingIT runs on aarch64"),
      Map.entry("AerospikeClusterIT#everyWorkload_onTheCluster_exactTotalsNoErrors", "which node a record goes to is"
          + " the Aerospike client's Java, the same on every platform; the aarch64 asd cluster is its replication"
          + " test's"),
      Map.entry("AerospikeClusterIT#readfromAny_oneRecordsReadsSplitBetweenItsMasterAndReplica_primaryOnItsMasterOnly",
          "where a read goes is the Aerospike client's policy in Java, the same on every platform"),
      Map.entry("AerospikeClusterIT#nodeJoinedMidRun_itsMigrationsAreTheWindow_everyRecordThere_noOperationFailed",
          "a node added is the probe's info commands in Java, the same on every platform, and its window is timed"),
      Map.entry("AerospikeClusterIT#nodeKilledAndRestartedMidRun_theRunGoesOn_theResultNamesTheNode",
          "a timed kill and restart"),
      Map.entry("RespClusterIT#dragonflyCluster_nodeKilledAndRestarted_itsShareFails_theOthersGoOn_theResultNamesIt",
          "a timed kill and restart"),
      Map.entry("RespClusterIT#capacity_onARedisCluster_endsWithACapacityOrAStatedReason",
          "capacity searches are timed"),
      Map.entry("CapacityIT#relayOfKnownCapacity_aLooseBudgetFindsIt_aTighterOneFindsLess",
          "a capacity search is timed"),
      Map.entry("CapacityIT#clientMadeToStall_endsTheSearch_asClientBound_neverAsTheStoresCapacity",
          "a capacity search is timed"),
      Map.entry("CapacityIT#eachBindingsStore_endsWithACapacity_onTheConnectionsAskedFor",
          "a capacity search is timed; each store's workloads on aarch64 are its WorkloadsIT's"),
      Map.entry("CapacityIT#pipeline4_moreClientsThanCores_aThreadPerCore_theStoreSeesFourOnEachConnection_neverMore",
          "which of a thread's connections a pipelined request goes on is the RESP engine's lane in Java, the same on"
          + " every platform; its bound per connection on aarch64 is maxInFlight4's, the same rule"),
      Map.entry("StudyIT#ycsb2025_tinyScale_runsTheMatrix_andReportsThePublishedFiguresBesideOurs", STUDY),
      Map.entry("StudyIT#ycsb2025_shapeMultiplexed_sideBySide_eachCellsLoadAsTheServerSawIt", STUDY),
      Map.entry("StudyIT#memtier2025_withoutAddresses_startsTheServersFromPath_andStopsThem", STUDY),
      Map.entry("StudyIT#memtier2025_tls_runsEachStoreAgainOverTls_withAThrowAwayCa",
          STUDY + "; BoringSSL on aarch64 is RedisTlsIT's"));

  /** Whether this JVM runs the container pass ({@code -Dit.provision=container}). */
  static boolean containerPass() {
    return "container".equals(System.getProperty("it.provision",
        System.getenv().getOrDefault("IT_PROVISION", "auto")));
  }

  /** Whether {@code .ci/run} runs a container pass after this one ({@code CI_CONTAINER_PASS_FOLLOWS}). */
  static boolean containerPassFollows() {
    return System.getenv("CI_CONTAINER_PASS_FOLLOWS") != null;
  }

  /** Whether this JVM runs under emulation ({@code -Dit.emulated=true}: CI's ARM64 pass under qemu-user). */
  static boolean emulated() {
    return Boolean.getBoolean("it.emulated");
  }

  /** Skips the calling test under emulation, saying why: for the choices that depend on a test's parameters. */
  static void notUnderEmulation(String why) {
    Assumptions.assumeFalse(emulated(), why + ": not under emulation (the x86_64 passes ran it)");
  }

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    Optional<Class<?>> type = context.getTestClass();
    if (type.isEmpty()) {
      return ConditionEvaluationResult.enabled("not a test class");
    }
    String name = type.get().getSimpleName();
    if (!type.get().getPackageName().equals(CiPasses.class.getPackageName())) {
      return ConditionEvaluationResult.enabled("not this module's test");
    }
    if (containerPass() && !CONTAINER_PASS.containsKey(name)) {
      return ConditionEvaluationResult.disabled("the container pass runs only what the container path adds"
          + " (CiPasses.CONTAINER_PASS); " + name + " is the same with a store from its binary, which the binary pass"
          + " ran");
    }
    if (!containerPass() && !emulated() && containerPassFollows() && LEFT_TO_CONTAINER_PASS.contains(name)) {
      return ConditionEvaluationResult.disabled("left to the container pass that .ci/run runs next on this machine"
          + " (CI_CONTAINER_PASS_FOLLOWS): the same tests, the store from its pinned image");
    }
    if (emulated()) {
      String why = NOT_UNDER_EMULATION.get(name);
      Optional<Method> method = context.getTestMethod();
      if (why == null && method.isPresent()) {
        why = NOT_UNDER_EMULATION.get(name + "#" + method.get().getName());
      }
      if (why != null) {
        return ConditionEvaluationResult.disabled(why + ": not under emulation (the x86_64 passes ran it)");
      }
    }
    return ConditionEvaluationResult.enabled("in this pass");
  }
}
