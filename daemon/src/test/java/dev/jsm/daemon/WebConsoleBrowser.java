package dev.jsm.daemon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.remote.RemoteWebDriver;

/**
 * Drives Debian's {@code chromium} through {@code chromedriver} (Selenium) over a running daemon's web console: loads
 * every page and checks what it shows, keeps a screenshot of each, then pulls a cable through ibsim's console and
 * waits for the map to draw it red. Run by {@code scripts/web-console-browser.sh} inside the network namespace where
 * ibsim and the daemon run (so it reaches the daemon's loopback port); {@link WebConsoleBrowserIT} runs that script.
 * Prints one line per step ({@code page overview: ...}); exits 1 at the first check that fails.
 *
 * <p>Arguments: the console's base URL, the screenshot directory, ibsim's console fifo, and the console line that
 * pulls the cable; with {@code --map-only} and no fifo, it only loads the map and prints its render time.
 */
public final class WebConsoleBrowser {

    private static final Duration WAIT = Duration.ofSeconds(60);

    private final WebDriver driver;
    private final String base;
    private final Path shots;

    private WebConsoleBrowser(WebDriver driver, String base, Path shots) {
        this.driver = driver;
        this.base = base;
        this.shots = shots;
    }

    /** See the class comment. */
    public static void main(String[] args) throws Exception {
        Path shots = Path.of(args[1]);
        Files.createDirectories(shots);
        Path profile = Files.createTempDirectory("jsm-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary("/usr/bin/chromium");
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--window-size=1400,1000", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(Path.of("/usr/bin/chromedriver").toFile()).usingAnyFreePort().build();
        WebDriver driver = new ChromeDriver(service, options);
        int status = 0;
        try {
            WebConsoleBrowser b = new WebConsoleBrowser(driver, args[0], shots);
            if (args.length > 2 && args[2].equals("--map-only")) {
                b.map();
            } else {
                b.everyPage();
                b.cablePulled(Path.of(args[2]), args[3]);
            }
        } catch (AssertionError | RuntimeException e) {
            System.out.println("FAILED: " + e.getMessage());
            status = 1;
        } finally {
            driver.quit();
        }
        System.exit(status);
    }

    private void everyPage() throws IOException, InterruptedException {
        open("#/");
        String state = await("overview's SM state", () -> text("sm-state"), "MASTER"::equals);
        String nodes = text("fabric-nodes");
        check(Integer.parseInt(nodes) > 0, "nodes shown: " + nodes);
        shot("overview");
        System.out.println("page overview: " + state + ", " + nodes + " nodes, warnings: " + text("warnings"));

        map();
        trafficMap();

        String guid = (String) ((RemoteWebDriver) driver).executeScript(
                "return fetch('/api/map').then(r => r.json()).then(m => m.switches.find(s => s.level === 0).guid)");
        open("#/node/" + guid);
        String name = await("switch page", () -> text("node-name"), s -> !s.isEmpty());
        int rows = driver.findElements(By.cssSelector("#page table tr")).size() - 1;
        check(rows > 0, "switch page shows its ports");
        shot("switch");
        System.out.println("page switch: " + name + ", " + rows + " ports");

        open("#/port/" + guid + "/1");
        String port = await("port page", () -> text("port-name"), s -> s.endsWith("port 1"));
        // the performance manager's readings: the totals, then (three readings while the page is open) uPlot's chart
        await("port counters", () -> driver.findElements(By.cssSelector("#page table")).size() > 1
                && driver.findElement(By.id("page")).getText().contains("PortXmitData") ? "shown" : "",
                "shown"::equals);
        await("port chart", () -> driver.findElements(By.cssSelector("#port-chart .uplot canvas")).isEmpty() ? ""
                : "drawn", "drawn"::equals);
        String readings = driver.findElement(By.id("port-chart")).getAttribute("data-readings");
        shot("port");
        System.out.println("page port: " + port + ", counters and chart shown (" + readings
                + " readings of the performance manager)");

        open("#/routing");
        String engine = await("routing page", () -> text("routing-engine"), s -> !s.isEmpty() && !s.equals("none"));
        String loops = await("route check", () -> text("credit-loops"), s -> !s.isEmpty());
        check(loops.equals("no credit loop"), "credit loops: " + loops);
        shot("routing");
        System.out.println("page routing: engine " + engine + ", " + text("route-delivered") + " pairs delivered, "
                + loops);

        open("#/plan");
        await("plan page", () -> text("plan-run"), s -> !s.isEmpty());
        driver.findElement(By.id("plan-run")).click();
        String verdict = await("plan", () -> text("plan-verdict"), s -> !s.isEmpty());
        check(verdict.equals("plan: OK"), "the plan of the unchanged opensm.conf: " + verdict);
        shot("plan");
        System.out.println("page plan: " + verdict + " (the unchanged opensm.conf on a copy of the fabric)");

        driver.get(base + "/nothing");
        String body = driver.findElement(By.tagName("body")).getText();
        check(body.startsWith("not found"), "unknown path: " + body);
        System.out.println("page /nothing: " + body.strip());
    }

    private void map() throws IOException, InterruptedException {
        open("#/map");
        String stats = await("map", () -> text("map-stats"), s -> s.contains(" ms"));
        check(text("map-missing").equals("0"), "no missing link at start");
        String layout = driver.findElement(By.id("map-layout")).getAttribute("data-layout");
        Object ms = ((RemoteWebDriver) driver).executeScript("return window.jsmMapRenderMs");
        shot("map");
        System.out.println("page map: " + stats + " (render " + ms + " ms, layout " + layout + ")");
    }

    /** The map coloured by traffic: the performance manager's rates (after two of its readings) and the legend. */
    private void trafficMap() throws IOException, InterruptedException {
        ((RemoteWebDriver) driver).executeScript("const s = document.getElementById('map-colours');"
                + " s.value = 'traffic'; s.dispatchEvent(new Event('change'));");
        String busiest = await("traffic on the map", () -> text("map-busiest"), s -> !s.isEmpty() && !s.equals("-"));
        check(text("traffic-legend").contains("1-100 MB/s"), "traffic legend: " + text("traffic-legend"));
        shot("map-traffic");
        System.out.println("page map by traffic: busiest pair of switches " + busiest);
    }

    private void cablePulled(Path fifo, String line) throws IOException, InterruptedException {
        open("#/map");
        await("map", () -> text("map-stats"), s -> s.contains(" ms"));
        long start = System.nanoTime();
        Files.writeString(fifo, line + "\n", StandardCharsets.US_ASCII);
        String missing = await("a red link after '" + line + "'", () -> text("map-missing"), s -> !s.equals("0"));
        long seconds = Duration.ofNanos(System.nanoTime() - start).toSeconds();
        shot("map-cable-pulled");
        System.out.println("cable pulled: " + missing + " missing link(s) drawn red within " + seconds + " s");
    }

    private void open(String hash) {
        driver.get(base + "/" + hash);
    }

    /** The element's text, "" when it is not there (the page redraws itself every few seconds). */
    private String text(String id) {
        try {
            return driver.findElements(By.id(id)).stream().findFirst().map(WebElement::getText).orElse("");
        } catch (StaleElementReferenceException redrawn) {
            return "";
        }
    }

    private static String await(String what, Supplier<String> read, Predicate<String> done)
            throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        String v = read.get();
        while (!done.test(v)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + ": still '" + v + "' after " + WAIT.toSeconds() + " s");
            }
            Thread.sleep(200);
            v = read.get();
        }
        return v;
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    private void shot(String name) throws IOException {
        Files.write(shots.resolve(name + ".png"), ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
    }
}
