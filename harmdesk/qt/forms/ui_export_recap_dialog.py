# Compiled from ui/export_recap_dialog.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QComboBox, QDialog,
    QDialogButtonBox, QFormLayout, QLabel, QPlainTextEdit,
    QProgressBar, QSizePolicy, QVBoxLayout, QWidget)

class Ui_ExportRecapDialog(object):
    def setupUi(self, ExportRecapDialog):
        if not ExportRecapDialog.objectName():
            ExportRecapDialog.setObjectName(u"ExportRecapDialog")
        self.layout = QVBoxLayout(ExportRecapDialog)
        self.layout.setObjectName(u"layout")
        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.scopeLabel = QLabel(ExportRecapDialog)
        self.scopeLabel.setObjectName(u"scopeLabel")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.scopeLabel)

        self.scope = QComboBox(ExportRecapDialog)
        self.scope.setObjectName(u"scope")

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.scope)

        self.audienceLabel = QLabel(ExportRecapDialog)
        self.audienceLabel.setObjectName(u"audienceLabel")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.audienceLabel)

        self.audience = QComboBox(ExportRecapDialog)
        self.audience.setObjectName(u"audience")

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.audience)

        self.formatLabel = QLabel(ExportRecapDialog)
        self.formatLabel.setObjectName(u"formatLabel")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.formatLabel)

        self.format = QComboBox(ExportRecapDialog)
        self.format.setObjectName(u"format")

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.format)

        self.storyLabel = QLabel(ExportRecapDialog)
        self.storyLabel.setObjectName(u"storyLabel")

        self.form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.storyLabel)

        self.story = QPlainTextEdit(ExportRecapDialog)
        self.story.setObjectName(u"story")
        self.story.setTabChangesFocus(True)
        self.story.setMaximumHeight(120)

        self.form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.story)


        self.layout.addLayout(self.form)

        self.progress = QProgressBar(ExportRecapDialog)
        self.progress.setObjectName(u"progress")
        self.progress.setVisible(False)

        self.layout.addWidget(self.progress)

        self.note = QLabel(ExportRecapDialog)
        self.note.setObjectName(u"note")
        self.note.setTextFormat(Qt.PlainText)
        self.note.setWordWrap(True)

        self.layout.addWidget(self.note)

        self.buttons = QDialogButtonBox(ExportRecapDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.Close)

        self.layout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.scopeLabel.setBuddy(self.scope)
        self.audienceLabel.setBuddy(self.audience)
        self.formatLabel.setBuddy(self.format)
        self.storyLabel.setBuddy(self.story)
#endif // QT_CONFIG(shortcut)

        self.retranslateUi(ExportRecapDialog)

        QMetaObject.connectSlotsByName(ExportRecapDialog)
    # setupUi

    def retranslateUi(self, ExportRecapDialog):
        ExportRecapDialog.setWindowTitle(QCoreApplication.translate("ExportRecapDialog", u"Export recap", None))
        self.scopeLabel.setText(QCoreApplication.translate("ExportRecapDialog", u"&Covering:", None))
        self.audienceLabel.setText(QCoreApplication.translate("ExportRecapDialog", u"&Audience:", None))
#if QT_CONFIG(tooltip)
        self.audience.setToolTip(QCoreApplication.translate("ExportRecapDialog", u"For the players: what their display showed, and no more (no hidden character, no number of one shown in words)", None))
#endif // QT_CONFIG(tooltip)
        self.formatLabel.setText(QCoreApplication.translate("ExportRecapDialog", u"&Format:", None))
        self.storyLabel.setText(QCoreApplication.translate("ExportRecapDialog", u"S&tory so far:", None))
#if QT_CONFIG(accessibility)
        self.story.setAccessibleName(QCoreApplication.translate("ExportRecapDialog", u"Story so far", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.story.setToolTip(QCoreApplication.translate("ExportRecapDialog", u"A paragraph the play session's recap opens with, kept with the play session", None))
#endif // QT_CONFIG(tooltip)
        self.story.setPlaceholderText(QCoreApplication.translate("ExportRecapDialog", u"Optional: what happened, in your words, for the players", None))
#if QT_CONFIG(accessibility)
        self.progress.setAccessibleName(QCoreApplication.translate("ExportRecapDialog", u"Writing the recap", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

