package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import io.fabric8.kubernetes.api.model.KubernetesResource;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Kubernetes manifests in {@code deploy/k8s} (#41) read into the Kubernetes API's own typed model (fabric8's
 * kubernetes-model, generated from Kubernetes' OpenAPI; the JSON schemas themselves cannot be fetched on the project's
 * CI machine), strictly: a field the API does not have (a misspelt {@code subdomian}) is an error that names it, as
 * are a kind the test does not know and a value of the wrong type; and what the manifests rely on is asserted: an
 * Indexed Job whose pods find pod 0 through the headless Service, the barrier's port, the results volume.
 */
class KubernetesManifestsTest {

  private static final Path K8S = Path.of("..", "deploy", "k8s").toAbsolutePath().normalize();
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Map<String, Class<? extends KubernetesResource>> KINDS = Map.of("Job", Job.class, "Service",
      Service.class, "PersistentVolumeClaim", PersistentVolumeClaim.class);

  /** Every document of {@code file}, each read into its kind's model class; unknown fields fail with their path. */
  static List<KubernetesResource> read(Path file) throws Exception {
    List<KubernetesResource> out = new ArrayList<>();
    try (YAMLParser p = (YAMLParser) YAML.getFactory().createParser(file.toFile())) {
      for (JsonNode doc : YAML.readValues(p, JsonNode.class).readAll()) {
        if (doc == null || doc.isNull() || doc.isMissingNode()) {
          continue;
        }
        String kind = doc.path("kind").asText();
        Class<? extends KubernetesResource> type = KINDS.get(kind);
        if (type == null) {
          throw new AssertionError(file.getFileName() + ": kind '" + kind + "' is not one this test knows: " + KINDS
              .keySet());
        }
        KubernetesResource r = YAML.treeToValue(doc, type);
        List<String> unknown = new ArrayList<>();
        unknownFields(r, kind, unknown);
        if (!unknown.isEmpty()) {
          throw new AssertionError(file.getFileName() + ": fields the Kubernetes API does not have: " + unknown);
        }
        out.add(r);
      }
    }
    return out;
  }

  /** The paths of every field the model kept aside as unknown ({@code additionalProperties}) under {@code o}. */
  private static void unknownFields(Object o, String path, List<String> out) throws Exception {
    if (o == null || !o.getClass().getName().startsWith("io.fabric8.kubernetes.api.model")) {
      return;
    }
    for (Method m : o.getClass().getMethods()) {
      if (m.getParameterCount() != 0 || Modifier.isStatic(m.getModifiers()) || m.getDeclaringClass() == Object.class) {
        continue;
      }
      String name = m.getName();
      if (name.equals("getAdditionalProperties")) {
        Map<?, ?> extra = (Map<?, ?>) m.invoke(o);
        if (extra != null) {
          extra.keySet().forEach(k -> out.add(path + "." + k));
        }
        continue;
      }
      if (!name.startsWith("get") || name.length() == 3 || name.equals("getClass")) {
        continue;
      }
      Object v = m.invoke(o);
      String field = path + "." + Character.toLowerCase(name.charAt(3)) + name.substring(4);
      if (v instanceof Collection<?> c) {
        int i = 0;
        for (Object e : c) {
          unknownFields(e, field + "[" + i++ + "]", out);
        }
      } else if (v instanceof Map<?, ?> map) {
        for (Map.Entry<?, ?> e : map.entrySet()) {
          unknownFields(e.getValue(), field + "." + e.getKey(), out);
        }
      } else {
        unknownFields(v, field, out);
      }
    }
  }

  @Test
  void clientsManifest_isTheApisOwn_andPod0IsFoundThroughTheHeadlessService() throws Exception {
    List<KubernetesResource> all = read(K8S.resolve("clients.yaml"));
    assertEquals(3, all.size());
    PersistentVolumeClaim results = (PersistentVolumeClaim) all.get(0);
    Service headless = (Service) all.get(1);
    Job clients = (Job) all.get(2);
    assertEquals(List.of("ReadWriteMany"), results.getSpec().getAccessModes());
    assertEquals("None", headless.getSpec().getClusterIP());
    assertEquals(Map.of("job-name", clients.getMetadata().getName()), headless.getSpec().getSelector());
    assertEquals("Indexed", clients.getSpec().getCompletionMode());
    assertEquals(clients.getSpec().getCompletions(), clients.getSpec().getParallelism(), "all at once");
    var pod = clients.getSpec().getTemplate().getSpec();
    assertEquals(headless.getMetadata().getName(), pod.getSubdomain());
    var container = pod.getContainers().get(0);
    String clientsEnv = container.getEnv().stream().filter(e -> e.getName().equals("CLIENTS")).findFirst()
        .orElseThrow().getValue();
    assertEquals(clients.getSpec().getCompletions().toString(), clientsEnv, "CLIENTS is the Job's completions");
    String script = String.join("\n", container.getArgs());
    String barrier = clients.getMetadata().getName() + "-0." + headless.getMetadata().getName() + ":"
        + container.getPorts().get(0).getContainerPort();
    assertTrue(script.contains("-p clients.barrier=" + barrier), "pod 0's DNS name and the barrier's port: " + script);
    assertTrue(script.contains("-p clients.count=$CLIENTS"), script);
    assertTrue(script.contains("-p export.dir=$out/run"), script);
    // Live metrics on the port the pod names and its annotations point a Prometheus at.
    var metrics = container.getPorts().stream().filter(p -> "metrics".equals(p.getName())).findFirst().orElseThrow();
    assertTrue(script.contains("-p metrics.port=" + metrics.getContainerPort()), script);
    assertEquals(metrics.getContainerPort().toString(), clients.getSpec().getTemplate().getMetadata().getAnnotations()
        .get("prometheus.io/port"));
    assertEquals(results.getMetadata().getName(), pod.getVolumes().get(0).getPersistentVolumeClaim().getClaimName());
  }

  @Test
  void mergeManifest_isTheApisOwn_andReadsTheClientsVolume() throws Exception {
    List<KubernetesResource> all = read(K8S.resolve("merge.yaml"));
    Job merge = (Job) all.get(0);
    var pod = merge.getSpec().getTemplate().getSpec();
    assertEquals("ycsb-kv-results", pod.getVolumes().get(0).getPersistentVolumeClaim().getClaimName());
    assertTrue(String.join(" ", pod.getContainers().get(0).getArgs()).contains("merge"), pod.toString());
  }

  @Test
  void aMisspeltField_isNamed_andAWrongType_refused(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
    String clients = Files.readString(K8S.resolve("clients.yaml"));
    Path typo = tmp.resolve("typo.yaml");
    Files.writeString(typo, clients.replace("subdomain:", "subdomian:"));
    AssertionError e = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, () -> read(typo));
    assertEquals("typo.yaml: fields the Kubernetes API does not have: [Job.spec.template.spec.subdomian]",
        e.getMessage());
    Path wrongType = tmp.resolve("type.yaml");
    Files.writeString(wrongType, clients.replace("completions: 4", "completions: four"));
    org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> read(wrongType));
  }
}
