package io.github.ycsbkv.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class SecretsTest {

  @Test
  void isSecret_namesWithSecretWords_ignoringCase() {
    assertTrue(Secrets.isSecret("redis.password"));
    assertTrue(Secrets.isSecret("as.PASSWORD"));
    assertTrue(Secrets.isSecret("aws.secretKey"));
    assertTrue(Secrets.isSecret("api.token"));
    assertTrue(Secrets.isSecret("gcp.credentials"));
    assertFalse(Secrets.isSecret("redis.host"));
    assertFalse(Secrets.isSecret("recordcount"));
  }

  @Test
  void redactAll_masksSecretsAndUriPasswords() {
    Properties p = new Properties();
    p.setProperty("redis.password", "hunter2");
    p.setProperty("redis.uri", "rediss://default:hunter2@127.0.0.1:6380/0");
    p.setProperty("redis.host", "127.0.0.1");
    Map<String, String> r = Secrets.redactAll(p);
    assertEquals("*****", r.get("redis.password"));
    assertEquals("rediss://default:*****@127.0.0.1:6380/0", r.get("redis.uri"));
    assertEquals("127.0.0.1", r.get("redis.host"));
  }

  @Test
  void redactText_masksPairsAndUrisInsideMessages() {
    assertEquals("bad value: redis.password=***** and redis://u:*****@h:1",
        Secrets.redactText("bad value: redis.password=hunter2 and redis://u:pw@h:1"));
    assertEquals("no secrets here", Secrets.redactText("no secrets here"));
  }

  @Test
  void describe_joinsMessageAndRootCauseOnOneLine() {
    Exception e = new RuntimeException("Failed to connect\nto host", new java.net.ConnectException("Connection refused"));
    assertEquals("Failed to connect to host: Connection refused", UserError.describe(e));
  }
}
