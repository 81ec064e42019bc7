// A C ABI over Google's RobotsMatcher, so Rust can call it without bindgen.
//
// Two ways in. rep_google_check runs RobotsMatcher::AllowedByRobots as
// Google's users call it: the whole body is parsed again for every URL.
// rep_google_parse + rep_google_check_parsed split that call in two: the
// body goes through Google's ParseRobotsTxt once, its callbacks are kept,
// and each check feeds those callbacks, in order, to a RobotsMatcher set up
// exactly as AllowedByRobots sets it up. ParseRobotsTxt never sees the URL or
// the agents, so its callbacks are the same for every check; replaying them
// runs the same matcher code on the same arguments. The differential fuzzer
// asks dozens of URLs per body, and the reparse was two thirds of its time.
//
// Why pointer + length everywhere: robots bodies, agents and URLs may hold
// NUL bytes and invalid UTF-8. They must reach Google's code exactly as its
// own absl::string_view / std::string API would receive them, so nothing here
// trims, re-encodes or stops at a NUL. The shim adds no behaviour of its own;
// it only builds the argument types and catches every C++ exception so that
// none unwinds into Rust.

#include <cstddef>
#include <cstring>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "robots.h"

namespace googlebot {
// Defined in robots.cc outside any anonymous namespace ("to allow testing");
// AllowedByRobots turns the URL into the matched path with it.
std::string GetPathParamsQuery(const std::string& url);
}  // namespace googlebot

namespace {

// One callback of ParseRobotsTxt, with its arguments copied out of the
// parser's line buffer.
struct ParseEvent {
  enum Kind { kStart, kEnd, kUserAgent, kAllow, kDisallow, kSitemap, kUnknown };
  Kind kind;
  int line;
  std::string action;  // the key, for kUnknown only
  std::string value;
};

// Keeps every callback of one ParseRobotsTxt run, in order.
class ParseRecorder : public googlebot::RobotsParseHandler {
 public:
  std::vector<ParseEvent> events;

  void HandleRobotsStart() override { Add(ParseEvent::kStart, 0, {}, {}); }
  void HandleRobotsEnd() override { Add(ParseEvent::kEnd, 0, {}, {}); }
  void HandleUserAgent(int line, absl::string_view value) override {
    Add(ParseEvent::kUserAgent, line, {}, value);
  }
  void HandleAllow(int line, absl::string_view value) override {
    Add(ParseEvent::kAllow, line, {}, value);
  }
  void HandleDisallow(int line, absl::string_view value) override {
    Add(ParseEvent::kDisallow, line, {}, value);
  }
  void HandleSitemap(int line, absl::string_view value) override {
    Add(ParseEvent::kSitemap, line, {}, value);
  }
  void HandleUnknownAction(int line, absl::string_view action,
                           absl::string_view value) override {
    Add(ParseEvent::kUnknown, line, action, value);
  }
  // ReportLineMetadata keeps the base class's no-op: RobotsMatcher does not
  // override it either, so it plays no part in a verdict.

 private:
  void Add(ParseEvent::Kind kind, int line, absl::string_view action,
           absl::string_view value) {
    events.push_back(ParseEvent{kind, line, std::string(action),
                                std::string(value)});
  }
};

// A RobotsMatcher fed recorded callbacks instead of a fresh parse. Check
// repeats AllowedByRobots step for step (robots.cc), ParseRobotsTxt excepted.
class ReplayMatcher : public googlebot::RobotsMatcher {
 public:
  bool Check(const std::vector<ParseEvent>& events,
             const std::vector<std::string>* user_agents,
             const std::string& url) {
    std::string path = googlebot::GetPathParamsQuery(url);
    InitUserAgentsAndPath(user_agents, path.c_str());
    for (const ParseEvent& event : events) {
      switch (event.kind) {
        case ParseEvent::kStart:
          HandleRobotsStart();
          break;
        case ParseEvent::kEnd:
          HandleRobotsEnd();
          break;
        case ParseEvent::kUserAgent:
          HandleUserAgent(event.line, event.value);
          break;
        case ParseEvent::kAllow:
          HandleAllow(event.line, event.value);
          break;
        case ParseEvent::kDisallow:
          HandleDisallow(event.line, event.value);
          break;
        case ParseEvent::kSitemap:
          HandleSitemap(event.line, event.value);
          break;
        case ParseEvent::kUnknown:
          HandleUnknownAction(event.line, event.action, event.value);
          break;
      }
    }
    return !disallow();
  }
};

}  // namespace

extern "C" {

struct rep_google_bytes {
  const char* data;
  size_t len;
};

struct rep_google_result {
  int allowed;
  int matching_line;
  int ever_seen_specific_agent;
  // Filled only when the call returns non-zero.
  char error[256];
};

static std::vector<std::string> rep_google_agent_list(
    const rep_google_bytes* agents, size_t agent_count) {
  std::vector<std::string> agent_list;
  agent_list.reserve(agent_count);
  for (size_t i = 0; i < agent_count; ++i) {
    agent_list.emplace_back(agents[i].data, agents[i].len);
  }
  return agent_list;
}

static void rep_google_set_verdict(rep_google_result* out, bool allowed,
                                   const googlebot::RobotsMatcher& matcher) {
  out->allowed = allowed ? 1 : 0;
  out->matching_line = matcher.matching_line();
  out->ever_seen_specific_agent = matcher.ever_seen_specific_agent() ? 1 : 0;
}

static void rep_google_set_error(rep_google_result* out, const char* message) {
  std::strncpy(out->error, message, sizeof(out->error) - 1);
  out->error[sizeof(out->error) - 1] = '\0';
}

// Runs `call` so that no C++ exception unwinds into Rust: returns 0 when it
// returned, 1 when Google's code threw (the message is then in out->error).
// A template, so it needs C++ linkage inside this block.
extern "C++" {
template <typename Call>
static int rep_google_guarded(rep_google_result* out, Call call) {
  out->error[0] = '\0';
  try {
    call();
    return 0;
  } catch (const std::exception& e) {
    rep_google_set_error(out, e.what());
  } catch (...) {
    rep_google_set_error(out, "unknown C++ exception");
  }
  return 1;
}
}  // extern "C++"

// Returns 0 on success, 1 when Google's code threw (the message is in
// out->error). A fresh RobotsMatcher per call keeps calls independent and
// thread-safe: the library keeps all state in the matcher object.
int rep_google_check(const char* body, size_t body_len,
                     const rep_google_bytes* agents, size_t agent_count,
                     const char* url, size_t url_len,
                     rep_google_result* out) {
  return rep_google_guarded(out, [&] {
    const std::vector<std::string> agent_list =
        rep_google_agent_list(agents, agent_count);
    const std::string url_string(url, url_len);
    googlebot::RobotsMatcher matcher;
    const bool allowed = matcher.AllowedByRobots(
        absl::string_view(body, body_len), &agent_list, url_string);
    rep_google_set_verdict(out, allowed, matcher);
  });
}

// The callbacks of one body's parse; opaque to Rust.
struct rep_google_parsed {
  std::vector<ParseEvent> events;
};

// Parses `body` once with Google's ParseRobotsTxt. Returns NULL when Google's
// code threw (the message is in out->error); free the result with
// rep_google_free_parsed.
rep_google_parsed* rep_google_parse(const char* body, size_t body_len,
                                    rep_google_result* out) {
  rep_google_parsed* parsed = nullptr;
  rep_google_guarded(out, [&] {
    ParseRecorder recorder;
    googlebot::ParseRobotsTxt(absl::string_view(body, body_len), &recorder);
    parsed = new rep_google_parsed{std::move(recorder.events)};
  });
  return parsed;
}

// rep_google_check for a body parsed by rep_google_parse. `parsed` is only
// read, so many threads may check the same body at once.
int rep_google_check_parsed(const rep_google_parsed* parsed,
                            const rep_google_bytes* agents, size_t agent_count,
                            const char* url, size_t url_len,
                            rep_google_result* out) {
  return rep_google_guarded(out, [&] {
    const std::vector<std::string> agent_list =
        rep_google_agent_list(agents, agent_count);
    const std::string url_string(url, url_len);
    ReplayMatcher matcher;
    const bool allowed = matcher.Check(parsed->events, &agent_list, url_string);
    rep_google_set_verdict(out, allowed, matcher);
  });
}

void rep_google_free_parsed(rep_google_parsed* parsed) { delete parsed; }

}  // extern "C"
