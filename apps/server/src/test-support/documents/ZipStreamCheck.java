import java.io.BufferedInputStream;
import java.security.MessageDigest;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Reads a zip from standard input with Java's streaming reader (ZipInputStream, which never sees the central
 * directory and checks each entry's CRC) and prints one line per entry: name, method (0 stored, 8 deflated), size,
 * local time as the zip states it, and the SHA-256 of the bytes. Run as `java ZipStreamCheck.java < file.zip`.
 */
public class ZipStreamCheck {
  public static void main(String[] args) throws Exception {
    // Always with seconds: LocalDateTime.toString() drops ":00".
    DateTimeFormatter local = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    try (ZipInputStream zip = new ZipInputStream(new BufferedInputStream(System.in))) {
      ZipEntry entry;
      while ((entry = zip.getNextEntry()) != null) {
        byte[] data = zip.readAllBytes();
        String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        System.out.println(String.join("\t", entry.getName(), String.valueOf(entry.getMethod()),
            String.valueOf(data.length), entry.getTimeLocal().format(local), sha));
      }
    }
  }
}
