package dev.jsm.packaging;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the files of a repository cite, checked: no file names a document outside the repository (the notes the
 * project was started from, a shared directory of the machine it was written on), every {@code docs/...} path a file
 * mentions exists (with its {@code #anchor}, if any, a heading of that Markdown page), and every relative link of a
 * Markdown page resolves from the page's own directory. A problem is reported as {@code path:line: what}.
 *
 * <p>Reads each file once; caches the headings of the pages it resolved. Confined to one thread.
 */
final class RepositoryCitations {

    /** Names of documents that live outside the repository (built in pieces so this file does not match itself). */
    static final List<Pattern> OUTSIDE = List.of(
            Pattern.compile("FACTS" + "\\.md"),
            Pattern.compile("\\bFACTS" + " \\d"),
            Pattern.compile("/work" + "/shared"),
            Pattern.compile("\\.\\./shared" + "/"),
            Pattern.compile("(?i)\\bseeds?[ _-]?" + "00\\d"),
            Pattern.compile("(?i)\\bdesign note" + " 00\\d"));

    /** A repository-relative {@code docs/...} path, optionally with an anchor; a trailing full stop is not part. */
    private static final Pattern DOCS_PATH = Pattern.compile("(?<![\\w./-])docs/[\\w./-]*[\\w/](?:#[\\w-]+)?");
    /** The target of a Markdown link or image. */
    private static final Pattern MD_LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern INLINE_LINK = Pattern.compile("\\[([^\\]]*)\\]\\([^)]*\\)");
    /** Files larger than this are data, not text anyone cites from. */
    private static final long MAX_BYTES = 4L << 20;

    private final Path root;
    private final Map<Path, Set<String>> anchors = new HashMap<>();

    RepositoryCitations(Path root) {
        this.root = root;
    }

    /** The repository's tracked files ({@code git ls-files}), or every file outside {@code .git} and {@code target}. */
    List<String> files() throws IOException, InterruptedException {
        List<String> tracked = gitLsFiles();
        if (tracked != null) {
            return tracked;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile)
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> !p.startsWith(".git/") && !p.equals(".git") && !p.matches("(.*/)?target/.*"))
                    .sorted().toList();
        }
    }

    private List<String> gitLsFiles() throws IOException, InterruptedException {
        Process git;
        try {
            git = new ProcessBuilder("git", "-C", root.toString(), "ls-files", "-z")
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            return null;
        }
        byte[] out;
        try (InputStream in = git.getInputStream()) {
            out = in.readAllBytes();
        }
        if (!git.waitFor(60, TimeUnit.SECONDS) || git.exitValue() != 0 || out.length == 0) {
            git.destroy();
            return null;
        }
        List<String> files = new ArrayList<>();
        for (String f : new String(out, StandardCharsets.UTF_8).split("\0")) {
            if (!f.isEmpty() && Files.isRegularFile(root.resolve(f))) {
                files.add(f);
            }
        }
        return files;
    }

    /** Every problem in the given repository-relative files, in file order. */
    List<String> problems(List<String> files) throws IOException {
        List<String> problems = new ArrayList<>();
        for (String file : files) {
            String text = text(root.resolve(file));
            if (text != null) {
                problems.addAll(problems(file, text));
            }
        }
        return problems;
    }

    /** The problems of one file whose repository-relative name is {@code file} and content {@code text}. */
    List<String> problems(String file, String text) throws IOException {
        List<String> problems = new ArrayList<>();
        for (Pattern p : OUTSIDE) {
            Matcher m = p.matcher(text);
            while (m.find()) {
                problems.add(at(file, text, m.start()) + "names a document outside the repository: '" + m.group()
                        + "'");
            }
        }
        Matcher m = DOCS_PATH.matcher(text);
        while (m.find()) {
            String problem = resolve(root, m.group());
            if (problem != null) {
                problems.add(at(file, text, m.start()) + problem);
            }
        }
        if (file.endsWith(".md")) {
            Path dir = root.resolve(file).getParent();
            String page = withoutFences(text);
            Matcher link = MD_LINK.matcher(page);
            while (link.find()) {
                String target = link.group(1);
                if (target.contains("://") || target.startsWith("mailto:")) {
                    continue;
                }
                String problem = target.startsWith("#") ? resolve(root.resolve(file), target) : resolve(dir, target);
                if (problem != null) {
                    problems.add(at(file, page, link.start()) + problem);
                }
            }
        }
        return problems;
    }

    /**
     * Why {@code target} ({@code path#anchor}, {@code path} or {@code #anchor}) does not resolve from {@code base} (a
     * directory, or the page itself for a bare anchor), or {@code null} if it does.
     */
    private String resolve(Path base, String target) throws IOException {
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        Path p = path.isEmpty() ? base : base.resolve(path).normalize();
        if (!Files.exists(p)) {
            return "cites " + target + ", which does not exist";
        }
        if (hash < 0) {
            return null;
        }
        String anchor = target.substring(hash + 1);
        if (!p.toString().endsWith(".md") || !Files.isRegularFile(p)) {
            return "cites " + target + ": only a Markdown page has anchors";
        }
        if (!anchors(p).contains(anchor)) {
            return "cites " + target + ": " + p.getFileName() + " has no heading with that anchor";
        }
        return null;
    }

    /** The anchors of a Markdown page's headings, as GitHub makes them. */
    private Set<String> anchors(Path page) throws IOException {
        Set<String> known = anchors.get(page);
        if (known == null) {
            known = anchorsOf(Files.readString(page, StandardCharsets.UTF_8));
            anchors.put(page, known);
        }
        return known;
    }

    /**
     * GitHub's heading anchors: the heading's text (inline code marks and link targets dropped), lower case, without
     * punctuation other than hyphens and underscores, spaces as hyphens; a repeated one gets {@code -1}, {@code -2}.
     */
    static Set<String> anchorsOf(String markdown) {
        Set<String> out = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : withoutFences(markdown).split("\n", -1)) {
            Matcher h = HEADING.matcher(line);
            if (!h.matches()) {
                continue;
            }
            String text = INLINE_LINK.matcher(h.group(1)).replaceAll("$1").replace("`", "").replace("*", "");
            String slug = text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_ -]", "").replace(' ', '-');
            int n = seen.merge(slug, 1, Integer::sum);
            out.add(n == 1 ? slug : slug + "-" + (n - 1));
        }
        return out;
    }

    /** {@code markdown} with the lines of fenced code blocks blanked (line numbers kept). */
    private static String withoutFences(String markdown) {
        StringBuilder sb = new StringBuilder(markdown.length());
        boolean fenced = false;
        for (String line : markdown.split("\n", -1)) {
            boolean fence = line.stripLeading().startsWith("```") || line.stripLeading().startsWith("~~~");
            if (fence) {
                fenced = !fenced;
            }
            sb.append(fence || fenced ? "" : line).append('\n');
        }
        return sb.substring(0, sb.length() - 1);
    }

    private static String at(String file, String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return file + ":" + line + ": ";
    }

    /** The file as text, or {@code null} for a binary or a very large file. */
    private static String text(Path file) throws IOException {
        if (Files.size(file) > MAX_BYTES) {
            return null;
        }
        byte[] bytes = Files.readAllBytes(file);
        for (byte b : bytes) {
            if (b == 0) {
                return null;
            }
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
