#include "app/PlaySession.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "platform/Portable.h"

namespace stagehand {

PlaySession::PlaySession(Simulation::Options options, std::string recordPath, InputLog replay)
    : options_(std::move(options)),
      recordPath_(std::move(recordPath)),
      input_(std::move(replay)),
      watcher_(options_.scriptPath, options_.dataRoot, options_.mapFolders) {}

bool PlaySession::start(const std::string& scene, std::string& error, std::uint64_t at) {
    try {
        sim_ = std::make_unique<Simulation>(options_);
        if (!sim_->startScene(scene, error)) return false;
    } catch (const LoadError& e) {
        error = e.what();
        return false;
    }
    watcher_.watchAlso(sim_->world().maps().otherFiles);
    scene_ = scene;
    input_.scene = scene;
    input_.seed = options_.seed;
    input_.hasSeed = true;
    sim_->replay(input_);
    sim_->fastForwardTo(at);
    if (!recordPath_.empty()) {
        record_.open(pathFromUtf8(recordPath_), std::ios::binary | std::ios::trunc);
        if (!record_) std::cerr << "stagehand: cannot write the input record " << recordPath_ << '\n';
        record_ << input_.header();
        for (const auto& command : input_.commands) record_ << InputLog::formatCommand(command) << '\n';
        record_.flush();
    }
    attachRecorder();
    return true;
}

void PlaySession::attachRecorder() {
    sim_->world().setInputRecorder([this](const InputCommand& command) {
        input_.commands.push_back(command);
        if (record_) record_ << InputLog::formatCommand(command) << '\n' << std::flush;
    });
}

void PlaySession::reloadIfChanged(double now) {
    std::string changed;
    if (!sim_ || !watcher_.poll(now, changed)) return;
    std::string error;
    auto started = std::chrono::steady_clock::now();
    if (!reload(error)) {
        std::cerr << "stagehand: reload failed: " << error << " (still running the previous version)\n";
        sim_->world().effects().showError("reload failed: " + error + " (still running the previous version)", 1e9f);
        return;
    }
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    char line[256];
    std::snprintf(line, sizeof line, "reloaded %s (%s at %.2f s, %.0f ms)", changed.c_str(), scene_.c_str(),
                  sim_->time(), ms);
    std::cerr << "stagehand: " << line << '\n';
    sim_->world().effects().showNotice(line);
}

namespace {
bool readText(const std::string& path, std::string& text) {
    std::ifstream in(pathFromUtf8(path), std::ios::binary);
    if (!in) return false;
    std::ostringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
    return true;
}
}  // namespace

bool PlaySession::save(const std::string& path, std::string& error) {
    std::string source;
    if (!readText(options_.scriptPath, source)) {
        error = "cannot read " + options_.scriptPath;
        return false;
    }
    InputLog save = input_;
    save.scriptIdentity = scriptIdentity(source);
    save.at = sim_->ticks();
    std::ofstream out(pathFromUtf8(path), std::ios::binary | std::ios::trunc);
    out << save.header();
    for (const auto& command : save.commands) out << InputLog::formatCommand(command) << '\n';
    if (!out.flush()) {
        error = "cannot write " + path;
        return false;
    }
    return true;
}

bool PlaySession::readSave(const std::string& path, const std::string& scriptPath, InputLog& save, std::string& error) {
    std::string text, source;
    if (!readText(path, text)) {
        error = "cannot open the save " + path;
        return false;
    }
    if (!InputLog::parse(text, path, save, error)) return false;
    if (!readText(scriptPath, source)) {
        error = "cannot read " + scriptPath;
        return false;
    }
    if (save.scriptIdentity.empty() || save.scene.empty()) {
        error = path + ": not a save (it names no script or scene; use --replay for an input file)";
        return false;
    }
    if (save.scriptIdentity != scriptIdentity(source)) {
        error = path + ": this save was made with another version of " + scriptPath +
                "; it no longer matches, so it would resume somewhere wrong (start the scene again)";
        return false;
    }
    return true;
}

bool PlaySession::reload(std::string& error) {
    try {
        auto fresh = Simulation::rebuild(options_, scene_, input_, sim_->ticks());
        sim_ = std::move(fresh);
        watcher_.watchAlso(sim_->world().maps().otherFiles);
    } catch (const LoadError& e) {
        error = e.what();
        return false;
    }
    attachRecorder();
    return true;
}

}  // namespace stagehand
