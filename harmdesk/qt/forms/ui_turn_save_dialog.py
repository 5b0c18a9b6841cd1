# Compiled from ui/turn_save_dialog.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QComboBox, QDialog,
    QDialogButtonBox, QFormLayout, QLabel, QSizePolicy,
    QSpinBox, QVBoxLayout, QWidget)

class Ui_TurnSaveDialog(object):
    def setupUi(self, TurnSaveDialog):
        if not TurnSaveDialog.objectName():
            TurnSaveDialog.setObjectName(u"TurnSaveDialog")
        TurnSaveDialog.resize(440, 200)
        self.mainLayout = QVBoxLayout(TurnSaveDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.promptLabel = QLabel(TurnSaveDialog)
        self.promptLabel.setObjectName(u"promptLabel")
        self.promptLabel.setWordWrap(True)
        self.promptLabel.setTextFormat(Qt.TextFormat.PlainText)

        self.mainLayout.addWidget(self.promptLabel)

        self.oddsLabel = QLabel(TurnSaveDialog)
        self.oddsLabel.setObjectName(u"oddsLabel")
        self.oddsLabel.setWordWrap(True)
        self.oddsLabel.setTextFormat(Qt.TextFormat.PlainText)

        self.mainLayout.addWidget(self.oddsLabel)

        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.conditionLabel = QLabel(TurnSaveDialog)
        self.conditionLabel.setObjectName(u"conditionLabel")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.conditionLabel)

        self.condition = QComboBox(TurnSaveDialog)
        self.condition.setObjectName(u"condition")

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.condition)

        self.bumpsLabel = QLabel(TurnSaveDialog)
        self.bumpsLabel.setObjectName(u"bumpsLabel")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.bumpsLabel)

        self.bumps = QSpinBox(TurnSaveDialog)
        self.bumps.setObjectName(u"bumps")
        self.bumps.setMaximum(20)

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.bumps)


        self.mainLayout.addLayout(self.form)

        self.buttons = QDialogButtonBox(TurnSaveDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Ok)

        self.mainLayout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.conditionLabel.setBuddy(self.condition)
        self.bumpsLabel.setBuddy(self.bumps)
#endif // QT_CONFIG(shortcut)

        self.retranslateUi(TurnSaveDialog)

        QMetaObject.connectSlotsByName(TurnSaveDialog)
    # setupUi

    def retranslateUi(self, TurnSaveDialog):
        TurnSaveDialog.setWindowTitle(QCoreApplication.translate("TurnSaveDialog", u"Save at the end of the turn", None))
#if QT_CONFIG(accessibility)
        self.oddsLabel.setAccessibleName(QCoreApplication.translate("TurnSaveDialog", u"What tilts this Save", None))
#endif // QT_CONFIG(accessibility)
        self.conditionLabel.setText(QCoreApplication.translate("TurnSaveDialog", u"&Save against:", None))
#if QT_CONFIG(accessibility)
        self.condition.setAccessibleName(QCoreApplication.translate("TurnSaveDialog", u"The condition to Save against", None))
#endif // QT_CONFIG(accessibility)
        self.bumpsLabel.setText(QCoreApplication.translate("TurnSaveDialog", u"&Bumps rolled:", None))
#if QT_CONFIG(accessibility)
        self.bumps.setAccessibleName(QCoreApplication.translate("TurnSaveDialog", u"Bumps rolled on the Save", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

